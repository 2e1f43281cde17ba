// Hints that work as pasted: a suggested command keeps the line's --sandbox, --profile and
// --base-url; every ID error names the list command that shows the valid IDs. And the
// conventions a newcomer tries first: `masg version`, -v, and gh's --json.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepLineOptions } from '../../src/command-kit/suggest.js';
import { removeTempDirs, startHarness, tempDir, type Harness } from '../commands/harness.js';
import { runCli } from '../helpers/cli.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

/** stderr as one line: a message wrapped on a terminal reads the same. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('suggested commands keep where the line runs', () => {
  it('--sandbox', async () => {
    const run = await runCli(['--sandbox', 'pub', 'view', 'ffff'], { env: { MASG_CONFIG_DIR: tempDir() } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('See `masg --sandbox pub list` for the IDs.');
  });

  it('--profile', async () => {
    const env = {
      MASG_CONFIG_DIR: tempDir(),
      MASG_KEYRING: '0',
      MASG_EMAIL: undefined,
      MASG_DEVELOPER_KEY: undefined,
      MASG_BASE_URL: undefined,
    };
    const login = await h.masg(
      [
        'login',
        '--profile',
        'work',
        '--email',
        h.sandbox.demo.email,
        '--timezone',
        h.sandbox.demo.timezone,
        '--key-stdin',
        '--base-url',
        h.sandbox.url,
      ],
      {
        env,
        stdin: h.sandbox.demo.key,
      },
    );
    expect(login.code, login.stderr).toBe(0);
    const run = await h.masg(['--profile', 'work', 'slot', 'view', 'ffff'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('See `masg --profile work slot list` for the IDs.');
  });

  it('--base-url', async () => {
    const run = await h.masg(['--base-url', h.sandbox.url, 'pub', 'view', 'ffff'], { env: { MASG_BASE_URL: undefined } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`See \`masg --base-url ${h.sandbox.url} pub list\` for the IDs.`);
  });

  it('a flag the suggestion has already, or asks to leave out, is not added', () => {
    const line = { sandbox: true, profile: 'ci' };
    expect(keepLineOptions('Run `masg login --profile ci` to write it again.', { profile: 'ci' })).toBe(
      'Run `masg login --profile ci` to write it again.',
    );
    expect(keepLineOptions('Run `masg login` without --sandbox to change them.', line)).toBe(
      'Run `masg --profile ci login` without --sandbox to change them.',
    );
    expect(keepLineOptions('See `masg pub list`.', { profile: "Bob's" })).toBe("See `masg --profile 'Bob'\\''s' pub list`.");
    // A list of profiles is several accounts: a suggested command chooses one itself.
    expect(keepLineOptions('See `masg pub list`.', { profile: 'a,b', sandbox: true })).toBe('See `masg --sandbox pub list`.');
    expect(keepLineOptions('Run `masg sandbox --accounts 3`.', { sandbox: true })).toBe('Run `masg sandbox --accounts 3`.');
  });
});

describe('every ID error names the list command that shows the valid IDs', () => {
  it.each([
    // [argv, exit code, list command, sends nothing]
    [['pub', 'view', 'a b'], 2, 'masg pub list', true],
    [['pub', 'view', 'ab'], 2, 'masg pub list', true],
    [['slot', 'view', 'ffff'], 2, 'masg slot list', false],
    [['campaign', 'list', 'ffff'], 2, 'masg adv list', false],
    [['pub', 'view', UNKNOWN], 5, 'masg pub list', false],
    [['slot', 'view', UNKNOWN], 5, 'masg slot list', false],
    [['campaign', 'list', UNKNOWN], 5, 'masg adv list', false],
    [['campaign', 'view', UNKNOWN], 5, 'masg campaign list', false],
    [['slot', 'create', '--publication', UNKNOWN, '--name', 'X', '--formats', 'banner'], 5, 'masg pub list', false],
  ] as const)('masg %j', async (argv, code, list, nothingSent) => {
    h.mark();
    const run = await h.masg([...argv]);
    expect(run.code, run.stderr).toBe(code);
    expect(flat(run.stderr)).toContain(`\`${list}`);
    if (nothingSent) expect(h.sent()).toEqual([]);
  });

  // Every command whose ID is required names the list command, whatever its argument's wording.
  it.each([
    [['campaign', 'stats'], 'masg campaign list'],
    [['campaign', 'view'], 'masg campaign list'],
    [['slot', 'stats'], 'masg slot list'],
    [['pub', 'view'], 'masg pub list'],
    [['slot', 'view'], 'masg slot list'],
  ])('masg %j without its ID names %s', async (argv, list) => {
    const run = await runCli([...argv], { env: { MASG_CONFIG_DIR: tempDir() } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`\`${list}\` shows the IDs.`);
  });

  it('a missing ID keeps the line options in its hint too', async () => {
    const run = await runCli(['--sandbox', 'campaign', 'view'], { env: { MASG_CONFIG_DIR: tempDir() } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('`masg --sandbox campaign list` shows the IDs.');
  });
});

describe('conventions', () => {
  it.each([['version'], ['-v'], ['-V'], ['--version'], ['--sandbox', 'version']])('masg %j prints the version', async (...argv) => {
    const run = await runCli(argv);
    expect(run).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('masg --help lists the version command', async () => {
    const run = await runCli(['--help']);
    expect(run.stdout).toMatch(/^ {2}version +Print the version of masg$/m);
  });

  it('--json points to -o json (and --fields for a field list), before anything is sent', async () => {
    h.mark();
    const plain = await h.masg(['pub', 'list', '--json']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain("unknown option '--json'");
    expect(plain.stderr).toContain('use `-o json`');
    const fields = await h.masg(['pub', 'list', '--json=id,name']);
    expect(fields.code).toBe(2);
    expect(fields.stderr).toContain('use `-o json --fields id,name`');
    expect(h.sent()).toEqual([]);
  });
});
