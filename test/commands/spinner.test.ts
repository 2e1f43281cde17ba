// A spinner while masg waits for the service: on a terminal after 300 ms, never when stderr is
// piped, never with --quiet or --debug, and never in the way of a progress line or a prompt.
// The sandbox's latency makes the waits real; the terminal is the fake TTY of test/helpers/cli.ts.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUi } from '../../src/output/ui.js';
import { makeTerminal } from '../helpers/cli.js';
import { removeTempDirs, startHarness, type Harness } from './harness.js';

const WAITING = 'Waiting for the service';
const ESC = '\u001b';
let h: Harness;
let pubId: string;

beforeAll(async () => {
  // Loaded once here: on a busy machine the first import of ora could outlast the sandbox's
  // latency, and what is tested is when masg shows the spinner, not how fast ora loads.
  await import('ora');
  h = await startHarness();
  pubId = (JSON.parse((await h.masg(['pub', 'list', '-o', 'json', '--status', 'ACTIVE'])).stdout) as Array<{ id: string }>)[0]!.id;
  // Well past the spinner's 300 ms delay, so that a busy machine's late timers still show it.
  h.sandbox.setFaults({ latencyMs: 2000 });
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('one slow request', () => {
  it('shows a spinner on a terminal, and clears it before the table', async () => {
    const run = await h.masg(['pub', 'view', pubId, '--color', 'never'], { tty: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(WAITING);
    expect(run.stdout).toMatch(/^┌/);
    // ora clears its line when stopped: the last thing on stderr is the erase sequence, no frame.
    expect(run.stderr.slice(run.stderr.lastIndexOf(WAITING))).toContain(`${ESC}[1G${ESC}[0K`);
  });

  it('never when stderr is piped', async () => {
    const run = await h.masg(['pub', 'view', pubId]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('never with --quiet or --debug', async () => {
    expect((await h.masg(['pub', 'view', pubId, '--quiet'], { tty: true })).stderr).not.toContain(WAITING);
    const debug = await h.masg(['pub', 'view', pubId, '--debug'], { tty: true });
    expect(debug.stderr).toContain('GET ');
    expect(debug.stderr).not.toContain(WAITING);
  });

  it('for the list call that resolves a short ID as well, and is gone before the STOPPED prompt', async () => {
    const run = await h.masg(['pub', 'update', pubId.slice(0, 8), '--status', 'STOPPED'], { tty: true, stdin: 'n\n' });
    expect(run.code).toBe(2);
    const prompt = run.stderr.indexOf('Stop publication');
    expect(prompt).toBeGreaterThan(run.stderr.lastIndexOf(WAITING));
    expect(run.stderr.indexOf(WAITING)).toBeGreaterThanOrEqual(0);
    // Nothing of the spinner after the question (no frame drawn over the user's answer).
    expect(run.stderr.slice(prompt)).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
  });
});

describe('a multi-request report', () => {
  it('the progress line takes over from the spinner, which does not come back', async () => {
    const run = await h.masg(
      ['pub', 'stats', '--from', '2024-06-08', '--to', '2024-06-10', '--interval', 'day', '--concurrency', '1', '--color', 'never'],
      { tty: true },
    );
    expect(run.code, run.stderr).toBe(0);
    const progress = run.stderr.indexOf('requests 1/3');
    expect(progress).toBeGreaterThan(0);
    expect(run.stderr.lastIndexOf(WAITING)).toBeLessThan(progress);
  });
});

describe('the Ui wait indicator', () => {
  const ui = (stderrIsTTY = true) => {
    const stderr = stderrIsTTY ? makeTerminal(new PassThrough()) : new PassThrough();
    let text = '';
    stderr.on('data', (c: Buffer) => (text += c.toString()));
    const u = createUi({
      stdout: new PassThrough(),
      stderr,
      stderrIsTTY,
      color: false,
      quiet: false,
      format: 'table',
      spinnerDelayMs: 300,
    });
    return { u, text: () => text };
  };

  it('a wait shorter than the delay shows nothing', async () => {
    vi.useFakeTimers();
    try {
      const { u, text } = ui();
      const done = u.waiting();
      vi.advanceTimersByTime(299);
      done();
      vi.advanceTimersByTime(1000);
      await vi.runAllTimersAsync();
      expect(text()).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('overlapping waits keep one spinner until the last ends', async () => {
    const { u, text } = ui();
    const a = u.waiting();
    const b = u.waiting();
    await vi.waitFor(() => expect(text()).toContain(WAITING), { timeout: 20_000 });
    a();
    const shown = text();
    await vi.waitFor(() => expect(text().length).toBeGreaterThan(shown.length), { timeout: 20_000 }); // still animating
    b();
    const stopped = text();
    await new Promise((r) => setTimeout(r, 200));
    expect(text()).toBe(stopped);
  });

  it('a message while spinning clears the spinner line first, and the spinner goes on below it', async () => {
    const { u, text } = ui();
    const done = u.waiting();
    await vi.waitFor(() => expect(text()).toContain(WAITING), { timeout: 20_000 });
    u.notice('masg: retrying');
    const at = text().indexOf('masg: retrying\n');
    // The frame's line was erased just before the message was written…
    expect(text().slice(0, at).endsWith(`${ESC}[1G${ESC}[0K`)).toBe(true);
    // …and the spinner carries on on the next line.
    await vi.waitFor(() => expect(text().slice(at)).toContain(WAITING), { timeout: 20_000 });
    done();
  });
});
