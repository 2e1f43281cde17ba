// The one output of several accounts, driven by hand: the first account still running streams to
// stdout, later accounts' rows wait (they are fetched meanwhile, never held back), the order is
// the order given whatever order they finish in, and a failed account's waiting rows are dropped.
import { describe, expect, it } from 'vitest';
import { createAccountRows } from '../../src/output/account-rows.js';
import { createOutputPort } from '../../src/output/port.js';
import type { Column, OutputFormat, Row } from '../../src/output/types.js';
import { createUi } from '../../src/output/ui.js';
import { Capture } from '../output/capture.js';

const columns: Column[] = [
  { key: 'id', type: 'string' },
  { key: 'clicks', type: 'int' },
];

function setup(names: string[], format: OutputFormat = 'csv') {
  const stdout = new Capture();
  const stderr = new Capture();
  const ui = createUi({ stdout, stderr, stderrIsTTY: false, color: false, quiet: false, format });
  const base = createOutputPort({
    stdout,
    settings: () => Promise.resolve({ format, header: true, color: false }),
    ui: () => Promise.resolve(ui),
  });
  const rows = createAccountRows({ stdout, names, ui: () => Promise.resolve(ui) });
  return { stdout, stderr, rows, port: (i: number) => rows.portFor(i, base) };
}

/** Batches handed over one at a time, when the test says so. */
function feed() {
  const queue: Array<(batch: Row[] | undefined) => void> = [];
  const pending: Array<Row[] | undefined> = [];
  async function* batches(): AsyncIterable<Row[]> {
    for (;;) {
      const next = pending.length > 0 ? pending.shift() : await new Promise<Row[] | undefined>((r) => queue.push(r));
      if (next === undefined) return;
      yield next;
    }
  }
  const give = (batch: Row[] | undefined) => (queue.length > 0 ? queue.shift()!(batch) : pending.push(batch));
  return { batches: batches(), give };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createAccountRows', () => {
  it('streams the first account while the second, finished first, waits; the order is the order given', async () => {
    const { stdout, rows, port } = setup(['a', 'b']);
    const a = feed();
    const b = feed();
    const runA = port(0).writeRows(columns, a.batches, { entity: 'things' });
    const runB = port(1).writeRows(columns, b.batches, { entity: 'things' });
    b.give([{ id: 'b1', clicks: '3' }]);
    b.give(undefined);
    await runB;
    await rows.settle(1, true); // b is done before a has sent anything
    a.give([{ id: 'a1', clicks: '1' }]);
    await tick();
    await tick();
    expect(stdout.text).toBe('account,id,clicks\na,a1,1\n'); // a streams; b waits its turn
    a.give([{ id: 'a2', clicks: '2' }]);
    a.give(undefined);
    await runA;
    await rows.settle(0, true);
    await rows.finish(true);
    expect(stdout.text).toBe('account,id,clicks\na,a1,1\na,a2,2\nb,b1,3\n');
  });

  it('the first account writes from its first row, before any other account has finished', async () => {
    const { stdout, rows, port } = setup(['a', 'b']);
    const a = feed();
    const runA = port(0).writeRows(columns, a.batches, { entity: 'things' });
    a.give([{ id: 'a1', clicks: '1' }]);
    await tick();
    await tick();
    expect(stdout.text).toBe('account,id,clicks\na,a1,1\n');
    a.give(undefined);
    await runA;
    await rows.settle(0, true);
    await rows.settle(1, true);
    await rows.finish(true);
    expect(stdout.text).toBe('account,id,clicks\na,a1,1\n');
  });

  it('the first account failing after some rows: they stay, stderr says so, the next account follows', async () => {
    const { stdout, stderr, rows, port } = setup(['a', 'b']);
    const a = feed();
    const runA = port(0).writeRows(columns, a.batches, { entity: 'things' });
    a.give([{ id: 'a1', clicks: '1' }]);
    const b = feed();
    const runB = port(1).writeRows(columns, b.batches, { entity: 'things' });
    b.give([{ id: 'b1', clicks: '2' }]);
    b.give(undefined);
    await runB;
    await tick();
    await tick();
    await rows.settle(0, false); // a's connection was cut after its first row
    a.give(undefined);
    await runA;
    await rows.settle(1, true);
    await rows.finish(true);
    expect(stdout.text).toBe('account,id,clicks\na,a1,1\nb,b1,2\n');
    expect(stderr.text).toContain("The output is incomplete: a's rows stopped after 1.");
  });

  it("a failed account's waiting rows are dropped; the JSON array still closes", async () => {
    const { stdout, rows, port } = setup(['a', 'b', 'c'], 'json');
    for (const [i, id] of [
      [1, 'b1'],
      [2, 'c1'],
    ] as const) {
      const f = feed();
      const run = port(i).writeRows(columns, f.batches, { entity: 'things' });
      f.give([{ id, clicks: '1' }]);
      f.give(undefined);
      await run;
    }
    await rows.settle(1, false);
    await rows.settle(2, true);
    await rows.settle(0, false);
    await rows.finish(true);
    expect(JSON.parse(stdout.text)).toEqual([{ account: 'c', id: 'c1', clicks: '1' }]);
  });
});
