// The output port handlers write through: rows to stdout or an atomic --out file, a statistics
// report that can start again on an empty file, a table's totals row.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUi } from '../../src/output/ui.js';
import { createOutputPort } from '../../src/output/port.js';
import type { Column, OutputFormat } from '../../src/output/types.js';
import { Capture } from './capture.js';

const dir = mkdtempSync(join(tmpdir(), 'masg-port-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const columns: Column[] = [
  { key: 'id', type: 'string' },
  { key: 'clicks', type: 'int' },
];

function port(format: OutputFormat = 'csv') {
  const stdout = new Capture();
  const stderr = new Capture();
  const ui = createUi({ stdout, stderr, stderrIsTTY: false, color: false, quiet: false, format });
  const p = createOutputPort({
    stdout,
    settings: () => Promise.resolve({ format, header: true, color: false }),
    ui: () => Promise.resolve(ui),
  });
  return { p, stdout, stderr };
}

async function* batches(...rows: Array<Record<string, string>>) {
  yield rows;
}

describe('the output port', () => {
  it('writes rows to stdout, and to --out only once every batch was written', async () => {
    const { p, stdout, stderr } = port();
    await p.writeRows(columns, batches({ id: 'a', clicks: '1' }), { entity: 'things' });
    expect(stdout.text).toBe('id,clicks\na,1\n');
    const file = join(dir, 'things.json');
    await p.writeRows(columns, batches({ id: 'b', clicks: '2' }), { entity: 'things', out: file });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([{ id: 'b', clicks: '2' }]);
    expect(stderr.text).toContain(`Wrote 1 thing to ${file}.`);
  });

  it('a failed list leaves an earlier file untouched and no temporary file', async () => {
    const { p } = port();
    const file = join(dir, 'kept.csv');
    writeFileSync(file, 'old\n');
    async function* broken() {
      yield [{ id: 'x', clicks: '1' }];
      throw new Error('cut');
    }
    await expect(p.writeRows(columns, broken(), { entity: 'things', out: file })).rejects.toThrow('cut');
    expect(readFileSync(file, 'utf8')).toBe('old\n');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a report restarted into --out holds only its last attempt', async () => {
    const { p } = port();
    const file = join(dir, 'report.csv');
    const report = await p.openReport(file);
    report.open(columns, columns);
    await report.write({ id: 'first', clicks: '1' });
    await report.restart();
    report.open(columns, columns);
    await report.write({ id: 'second', clicks: '2' });
    await report.end();
    await report.commit();
    expect(readFileSync(file, 'utf8')).toBe('id,clicks\nsecond,2\n');
  });

  it('a table report ends with its totals row', async () => {
    const { p, stdout } = port('table');
    const report = await p.openReport(undefined);
    report.open(columns, columns);
    await report.write({ id: 'a', clicks: '1' });
    await report.write({ id: 'b', clicks: '2' });
    await report.end();
    const lines = stdout.text.trimEnd().split('\n');
    // The row above the bottom border: the sum of the figures.
    expect(lines.at(-2)).toBe('│ Total │      3 │');
  });

  it('abort removes the temporary file and names FILE in a file-system failure', async () => {
    const { p } = port();
    const file = join(dir, 'aborted.csv');
    const report = await p.openReport(file);
    const err = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    const thrown = await report.abort(err);
    expect(String((thrown as Error).message)).toContain(file);
    expect(readdirSync(dir).filter((f) => f.includes('aborted'))).toEqual([]);
  });
});
