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
