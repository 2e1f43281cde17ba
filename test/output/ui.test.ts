import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, AuthError, ConfigError, UsageError } from '../../src/core/errors.js';
import { createUi, type UiOptions } from '../../src/output/index.js';
import { Capture, FakeTty } from './capture.js';

/** How long to wait for text to appear: a hang guard, never a speed claim. */
const WAIT_MS = 20_000;

function ui(opts: Partial<UiOptions> & { stderr?: Capture } = {}) {
  const stdout = new Capture();
  const stderr = opts.stderr ?? new Capture();
  const u = createUi({ stdout, stderr, stderrIsTTY: false, color: false, quiet: false, format: 'table', ...opts });
  return { u, stdout, stderr };
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => vi.useRealTimers());

describe('messages', () => {
  it('go to stderr, never stdout', () => {
    const { u, stdout, stderr } = ui();
    u.info('Created publication 12.');
    u.notice('Nothing to change.');
    u.warn('Status STOPPED is permanent.');
    expect(stdout.text).toBe('');
    expect(stderr.text).toBe('Created publication 12.\nNothing to change.\nmasg: warning: Status STOPPED is permanent.\n');
  });

  it('quiet silences info and notices, not warnings', () => {
    const { u, stderr } = ui({ quiet: true });
    u.info('a');
    u.notice('b');
    u.warn('c');
    expect(stderr.text).toBe('masg: warning: c\n');
  });

  it('machine formats silence chatter but keep notices', () => {
    const { u, stderr } = ui({ format: 'csv' });
    u.info('a');
    u.notice('b');
    expect(stderr.text).toBe('b\n');
  });

  it('strip escape sequences from text that may come from the server', () => {
    const { u, stderr } = ui();
    u.notice('name: \u001b]0;owned\u0007evil\u001b[2J');
    expect(stderr.text).toBe('name: evil\n');
  });
});

describe('error', () => {
  it('prints masg: <message> and the hint', () => {
    const { u, stderr } = ui();
    u.error(new AuthError(1001, 'Invalid key', 400));
    expect(stderr.text).toBe(
      'masg: The service rejected the credentials (code 1001): Invalid key\n' +
        '  Check the e-mail and developer key: `masg whoami`, then `masg login` to replace them.\n',
    );
  });

  it('indents every line of a multi-line hint under the message', () => {
    const { u, stderr } = ui();
    u.error(new ConfigError('Nothing configured.', { hint: 'Run `masg login`.\nOr set MASG_EMAIL.' }));
    expect(stderr.text).toBe('masg: Nothing configured.\n  Run `masg login`.\n  Or set MASG_EMAIL.\n');
  });

  it('colours only when colour is on', () => {
    const { u, stderr } = ui({ color: true });
    u.error(new UsageError('Bad --name.'));
    expect(stderr.text).toBe('\u001b[31mmasg:\u001b[39;22m Bad --name.\n');
  });

  it('is a JSON object on stderr when the output format is json or ndjson', () => {
    for (const format of ['json', 'ndjson'] as const) {
      const { u, stdout, stderr } = ui({ format });
      u.error(new ApiError(2001, 'Unknown publication', 400));
      expect(stdout.text).toBe('');
      expect(JSON.parse(stderr.text)).toEqual({
        error: {
          name: 'ApiError',
          exitCode: 5,
          code: 2001,
          status: 400,
          message: 'The service refused the request (code 2001): Unknown publication',
        },
      });
    }
    const { u, stderr } = ui({ format: 'json' });
    u.error(new UsageError('Unknown field', { field: '--fields' }));
    expect(JSON.parse(stderr.text).error).toMatchObject({ name: 'UsageError', exitCode: 2, field: '--fields' });
  });

  it('calls anything else an internal error', () => {
    const { u, stderr } = ui();
    u.error(new TypeError('x is undefined'));
    expect(stderr.text).toMatch(/^masg: internal error: x is undefined\n {2}This is a bug in masg/);
  });
});

describe('spinner and progress', () => {
  it('never appear when stderr is not a terminal', async () => {
    const { u, stderr } = ui({ spinnerDelayMs: 0 });
    const s = u.spinner('Loading');
    u.progress(1, 10);
    await wait(50);
    s.stop();
    u.progress(10, 10);
    expect(stderr.text).toBe('');
  });

  it('never appear with --quiet, even on a terminal', async () => {
    const tty = new FakeTty();
    const { u } = ui({ stderr: tty, stderrIsTTY: true, quiet: true, spinnerDelayMs: 0 });
    u.spinner('Loading');
    u.progress(1, 10);
    await wait(50);
    expect(tty.text).toBe('');
  });

  it('do not flash for a call that ends before the delay', async () => {
    const tty = new FakeTty();
    const { u } = ui({ stderr: tty, stderrIsTTY: true });
    const s = u.spinner('Loading');
    await wait(20);
    s.stop();
    await wait(350);
    expect(tty.text).toBe('');
  });

  it('appear on a terminal after the delay and clear on stop', async () => {
    const tty = new FakeTty();
    const { u } = ui({ stderr: tty, stderrIsTTY: true, spinnerDelayMs: 10 });
    const s = u.spinner('Loading publications');
    await vi.waitFor(() => expect(tty.text).toContain('Loading publications'), { timeout: WAIT_MS });
    s.update('Still loading');
    s.stop();
    s.stop();
    expect(tty.text).not.toContain('\u001b[36m'); // colour off: no cyan spinner
  });

  it('a terminal that reports 0 columns gets no spinner (ora would clear Infinity lines and spin forever)', async () => {
    const tty = new FakeTty();
    tty.columns = 0;
    const { u } = ui({ stderr: tty, stderrIsTTY: true, spinnerDelayMs: 0 });
    const s = u.spinner('Loading');
    await new Promise((resolve) => setTimeout(resolve, 50));
    s.stop();
    expect(tty.text).toBe('');
  });

  it('shows progress on a terminal', async () => {
    const tty = new FakeTty();
    const { u } = ui({ stderr: tty, stderrIsTTY: true, spinnerDelayMs: 0 });
    u.progress(3, 40, 'Fetching days');
    await vi.waitFor(() => expect(tty.text).toContain('Fetching days 3/40'), { timeout: WAIT_MS });
    u.progress(40, 40);
  });
});
