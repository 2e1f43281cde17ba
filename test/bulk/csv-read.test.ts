import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { parseCsvText, readCsvSource } from '../../src/bulk/csv-read.js';

describe('parseCsvText', () => {
  it('tolerates a BOM and CRLF; each record keeps the line it starts on', async () => {
    const text = '\ufeffid,name\r\n1,"two\r\nlines"\r\n\r\n2,b\r\n3,"x ""q"""\n';
    const t = await parseCsvText(text, 'f.csv');
    expect(t.columns).toEqual(['id', 'name']);
    expect(t.rows).toEqual([
      { line: 2, cells: { id: '1', name: 'two\nlines' } },
      { line: 5, cells: { id: '2', name: 'b' } },
      { line: 6, cells: { id: '3', name: 'x "q"' } },
    ]);
  });

  it('a header only is a file with no rows', async () => {
    expect(await parseCsvText('id,name\n', 'f.csv')).toEqual({ columns: ['id', 'name'], rows: [] });
  });

  it.each([
    ['', 'is empty'],
    ['id,name\n1,a,extra\n', 'line 2'],
    ['id,name\n1,"open\n', 'not a valid CSV file'],
    ['id,name,id\n1,a,1\n', 'the column "id" appears twice'],
  ])('%j is refused: %s', async (text, message) => {
    await expect(parseCsvText(text, 'f.csv')).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining(message) });
  });

  it('reads "-" from stdin; a missing file is a usage error naming it', async () => {
    expect((await readCsvSource('-', Readable.from(['id\n', 'a\n']))).rows).toEqual([{ line: 2, cells: { id: 'a' } }]);
    await expect(readCsvSource('/nonexistent/x.csv', Readable.from([]))).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('/nonexistent/x.csv') });
  });
});
