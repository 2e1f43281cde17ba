// Two bugs of the same kind, where something was decided from the wrong source: the date flags
// were checked only after the credentials were read (a bad date without a profile was exit 3, not
// 2), and the colour of stderr's messages came from stdout's terminal (`2>err.log` got escapes).
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const NO_CREDENTIALS = { MASG_CONFIG_DIR: '/nonexistent/masg-config' };

describe('stats flags are checked before credentials', () => {
  it.each([
    [['pub', 'stats', '--date', '2024-13-45'], '--date'],
    [['slot', 'stats', '0378aee4-d936-4ff2-a190-8a33aeab6a46', '--from', 'yesterday', '--to', '-3d'], '--from'],
    [['campaign', 'stats', '0378aee4-d936-4ff2-a190-8a33aeab6a46', '--tz', 'Mars/Olympus'], '--tz'],
  ])('%j without any profile: exit 2 naming %s, not 3', async (argv, field) => {
    const run = await runCli(argv, { env: NO_CREDENTIALS });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(field);
    expect(run.stdout).toBe('');
  });

  it('a good date without a profile is still the missing credentials (exit 3)', async () => {
    expect((await runCli(['pub', 'stats', '--date', 'yesterday'], { env: NO_CREDENTIALS })).code).toBe(3);
  });
});

describe("stderr's colour is decided by stderr's own terminal", () => {
  const env = { ...NO_CREDENTIALS };
  const tooShort = ['pub', 'view', 'zz'];

  it('stdout a terminal, stderr a file: no escape codes in the messages', async () => {
    const run = await runCli(tooShort, { tty: true, stderrTty: false, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('masg:');
    expect(run.stderr).not.toContain('\u001b[');
  });

  it('stderr a terminal, stdout piped: the messages are coloured', async () => {
    const run = await runCli(tooShort, { tty: false, stderrTty: true, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('\u001b[31mmasg:');
  });
});
