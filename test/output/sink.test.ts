import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createSink } from '../../src/output/sink.js';

const slowStream = () =>
  new Writable({
    highWaterMark: 4,
    write(_chunk, _enc, cb) {
      setImmediate(cb);
    },
  });

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

describe('sink', () => {
  it('does not wait for a drain that already happened (the export that exited 0 without a file)', async () => {
    const out = slowStream();
    const sink = createSink(out);
    sink.write('0123456789'); // over the high-water mark: write() says false
    // The stream drains before anyone asks whether it can take more.
    await new Promise((r) => out.once('drain', r));
    expect(sink.blocked).toBe(false);
    await within(sink.ready(), 500);
  });

  it('waits while the stream is still full', async () => {
    const out = slowStream();
    const sink = createSink(out);
    sink.write('0123456789');
    expect(sink.blocked).toBe(true);
    let ready = false;
    const waiting = sink.ready().then(() => (ready = true));
    expect(ready).toBe(false);
    await within(waiting, 500);
    expect(out.writableNeedDrain).toBe(false);
  });
});

describe('sink on a stream that fails (a full disk)', () => {
  it('says the stream\'s own error (ENOSPC), at the next row, not "closed"', async () => {
    const { createWriteStream } = await import('node:fs');
    // /dev/full refuses every write with ENOSPC: a full disk without needing one.
    const out = createWriteStream('/dev/full');
    out.on('error', () => undefined);
    const sink = createSink(out);
    sink.write('x'.repeat(100));
    await new Promise((r) => out.once('close', r));
    expect(sink.blocked).toBe(true); // so a writer asks ready() before its next row
    await expect(within(sink.ready(), 500)).rejects.toMatchObject({ code: 'ENOSPC' });
    sink.write('more'); // ignored: the stream is gone
    await expect(within(sink.ready(), 500)).rejects.toMatchObject({ code: 'ENOSPC' });
  });
});
