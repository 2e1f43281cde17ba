// On a terminal, a sync against a slow service (800 ms per answer) shows its progress line within
// a second: days done of all, rows so far and an ETA, never only "Waiting for the service…". Piped,
// stderr gets no progress line at all.
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

/** Runs masg with a terminal on stderr, noting when each piece of stderr arrived. */
async function onTerminal(argv: string[]): Promise<{ code: number; chunks: Array<{ ms: number; text: string }> }> {
  const stderr = makeTerminal(new PassThrough());
  const stdout = new PassThrough();
  stdout.resume();
  const started = performance.now();
  const chunks: Array<{ ms: number; text: string }> = [];
  stderr.on('data', (c: Buffer) => chunks.push({ ms: performance.now() - started, text: c.toString('utf8') }));
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
  it('shows days done, rows and an ETA within 1 s, then the summary', async () => {
    // The modules (DuckDB's native library above all) load once per process: a first run loads
    // them, so the second measures the sync and not how busy this machine's disk is.
    await onTerminal(['sync', '--db', duckPath(), '--from', '-2d', '--to', '-2d', '--tz', 'America/New_York']);
    const run = await onTerminal(['sync', '--db', duckPath(), '--from', '-4d', '--to', '-2d', '--tz', 'America/New_York']);
    expect(run.code).toBe(0);
    const first = run.chunks.find((c) => /Syncing .*: [\d,]+ rows · ETA [\d:-]+ · day 0\/3/.test(c.text));
    expect(first, run.chunks.map((c) => c.text).join('')).toBeDefined();
    expect(first!.ms).toBeLessThan(1000);
    const all = run.chunks.map((c) => c.text).join('');
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
