// On a terminal, a sync against a slow service (800 ms per answer) shows its progress line first,
// before any answer is in: days done of all, rows so far and an ETA, never only "Waiting for the
// service…". Piped, stderr gets no progress line at all. Order is asserted, never time.
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import type { Io } from '../../src/core/io.js';
import { removeTempDirs, type Harness } from '../commands/harness.js';
import { makeTerminal } from '../helpers/cli.js';
import { duckPath, startWarehouseHarness } from '../warehouse/helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startWarehouseHarness({ latencyMs: 800 });
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

/** Runs masg with a terminal on stderr, keeping each piece of stderr in the order it came. */
async function onTerminal(argv: string[]): Promise<{ code: number; chunks: Array<{ text: string }> }> {
  const stderr = makeTerminal(new PassThrough());
  const stdout = new PassThrough();
  stdout.resume();
  const chunks: Array<{ text: string }> = [];
  stderr.on('data', (c: Buffer) => chunks.push({ text: c.toString('utf8') }));
  const io: Io = {
    stdout,
    stderr,
    stdin: Readable.from([]) as Io['stdin'],
    env: { HOME: '/nonexistent', ...h.env },
    signal: new AbortController().signal,
  };
  const code = await main(argv, io);
  return { code, chunks };
}

describe('masg sync on a terminal, against a slow service', () => {
  it('shows days done, rows and an ETA before anything else, then the summary', async () => {
    const run = await onTerminal(['sync', '--db', duckPath(), '--from', '-4d', '--to', '-2d', '--tz', 'America/New_York']);
    expect(run.code).toBe(0);
    // The very first thing on the terminal, drawn before the first answer (800 ms away) is in.
    const all = run.chunks.map((c) => c.text).join('');
    // eslint-disable-next-line no-control-regex
    const shown = all.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
    expect(shown).toMatch(/^\S+ Syncing .*: [\d,]+ rows · ETA [\d:-]+ · day 0\/3/);
    expect(all).toMatch(/day [12]\/3/);
    expect(all).not.toContain('Waiting for the service');
    expect(all).toMatch(/masg sync: 3 days .* written to /);
  }, 60_000);

  it('piped: no progress line, only the summary', async () => {
    const run = await h.masg(['sync', '--db', duckPath(), '--from', '-2d', '--to', '-2d', '--tz', 'America/New_York']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^masg sync: 1 day .*\n$/);
  }, 60_000);
});
