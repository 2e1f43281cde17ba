import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { openRowWriter, type Column, type OutputSettings } from '../../src/output/index.js';
import { Capture } from './capture.js';

const columns: Column[] = [{ key: 'n', type: 'int' }, { key: 'name' }];
const settings = (format: OutputSettings['format']): OutputSettings => ({ format, header: true, color: false });
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Counts writes made while the stream had asked the writer to wait. */
function watchBackpressure(out: Capture) {
  const seen = { writes: 0, whileBlocked: 0 };
  const write = out.write.bind(out) as (chunk: string) => boolean;
  out.write = ((chunk: string) => {
    seen.writes++;
    if (out.writableNeedDrain) seen.whileBlocked++;
    return write(chunk);
  }) as typeof out.write;
  return seen;
}

describe('openRowWriter', () => {
  it.each(['csv', 'tsv', 'ndjson', 'json'] as const)(
    '%s: a slow stream with highWaterMark 1 gets every row in order, never written to while full',
    async (format) => {
      const out = new Capture({ highWaterMark: 1, delayMs: 1 });
      const seen = watchBackpressure(out);
      const writer = await openRowWriter(out, columns, settings(format));
      const total = 3000;
      for (let n = 0; n < total; n++) await writer.write({ n: String(n), name: `row ${n}, "q"\n` });
      await writer.end();
      await new Promise<void>((resolve) => out.end(resolve));

      let numbers: string[];
      if (format === 'csv') numbers = parse(out.text, { columns: true }).map((r: { n: string }) => r.n);
      else if (format === 'tsv')
        numbers = out.text
          .trimEnd()
          .split('\n')
          .slice(1)
          .map((l) => l.split('\t')[0]!);
      else if (format === 'ndjson')
        numbers = out.text
          .trimEnd()
          .split('\n')
          .map((l) => String(JSON.parse(l).n));
      else numbers = JSON.parse(out.text).map((r: { n: string }) => r.n);
      expect(numbers).toEqual(Array.from({ length: total }, (_, n) => String(n)));
      expect(seen.writes).toBeGreaterThan(3); // batched, but still streamed
      expect(seen.whileBlocked).toBe(0);
    },
  );

  it('sends rows before end() is called (json opens the array at once)', async () => {
    const out = new Capture();
    const writer = await openRowWriter(out, columns, settings('json'));
    await writer.write({ n: '1', name: 'a' });
    await tick();
    expect(out.text).toBe('[\n  {\n    "n": "1",\n    "name": "a"\n  }');
    await writer.write({ n: '2', name: 'b' });
    await writer.end();
    expect(JSON.parse(out.text)).toEqual([
      { n: '1', name: 'a' },
      { n: '2', name: 'b' },
    ]);
  });

  it('keeps rows in order when the caller does not await each write', async () => {
    const out = new Capture({ highWaterMark: 1, delayMs: 1 });
    const writer = await openRowWriter(out, columns, settings('ndjson'));
    const writes: Promise<void>[] = [];
    for (let n = 0; n < 2000; n++) {
      writes.push(writer.write({ n: String(n), name: '' }));
      if (n % 300 === 0) await tick(); // let the module load and the stream fill mid-way
    }
    await writer.end();
    await Promise.all(writes);
    const numbers = out.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).n);
    expect(numbers).toEqual(Array.from({ length: 2000 }, (_, n) => String(n)));
  });

  it('writes the csv header at end() when no rows came', async () => {
    const out = new Capture();
    const writer = await openRowWriter(out, columns, settings('csv'));
    await writer.end();
    expect(out.text).toBe('n,name\n');
  });

  it('leaves totals out of machine formats', async () => {
    const out = new Capture();
    const writer = await openRowWriter(out, columns, settings('csv'));
    await writer.write({ n: '1', name: 'a' });
    await writer.end({ n: '1' });
    expect(out.text).toBe('n,name\n1,a\n');
  });

  it('buffers a table until end()', async () => {
    const out = new Capture();
    const writer = await openRowWriter(out, columns, settings('table'));
    await writer.write({ n: '1', name: 'a' });
    await tick();
    expect(out.text).toBe('');
    await writer.end({ n: '1' });
    expect(out.text).toBe(
      ['┌───┬──────┐', '│ n │ name │', '├───┼──────┤', '│ 1 │ a    │', '├───┼──────┤', '│ 1 │      │', '└───┴──────┘', ''].join('\n'),
    );
  });

  it('rejects with the --fields usage error when opened, before any row', async () => {
    await expect(openRowWriter(new Capture(), columns, { ...settings('csv'), fields: ['x'] })).rejects.toThrow(/Unknown field "x"/);
  });

  it('fails instead of hanging when the output closes while full', async () => {
    const out = new Capture({ highWaterMark: 1, delayMs: 50 });
    const writer = await openRowWriter(out, columns, settings('ndjson'));
    // Rows go out at once until the stream is full; from then on each write() returns its promise.
    for (let n = 0; n < 600; n++) writer.write({ n: String(n), name: 'x' })?.catch(() => {});
    await tick();
    const pending = writer.write({ n: 'last', name: 'x' });
    out.destroy();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(writer.end()).rejects.toThrow(/closed/);
  });
});
