import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { decodeCsvBytes, parseCsvText, readCsvSource } from '../../src/bulk/csv-read.js';

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

  it('reads "-" from stdin; a missing file is a file problem (exit 7) naming it', async () => {
    expect((await readCsvSource('-', Readable.from(['id\n', 'a\n']))).rows).toEqual([{ line: 2, cells: { id: 'a' } }]);
    await expect(readCsvSource('/nonexistent/x.csv', Readable.from([]))).rejects.toMatchObject({
      exitCode: 7,
      message: expect.stringContaining('/nonexistent/x.csv'),
    });
  });
});

describe('decodeCsvBytes', () => {
  const b = (...parts: Array<string | number[]>) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
  const refused = (bytes: Buffer, enc: 'utf8' | 'latin1' | 'windows-1252' = 'utf8') => {
    try {
      decodeCsvBytes(bytes, enc, 'f.csv');
    } catch (err) {
      return err as Error & { exitCode: number };
    }
    throw new Error('not refused');
  };

  it('utf8: valid text as is, the BOM dropped', () => {
    expect(decodeCsvBytes(b([0xef, 0xbb, 0xbf], 'id,név 😀\n'), 'utf8', 'f.csv')).toBe('id,név 😀\n');
  });

  it.each([
    ['a lone Latin-1 byte', b('a,b\nxé,', [0xf6], '\n'), 'byte 0xF6 at line 2, column 4'],
    ['overlong form', b('x', [0xc0, 0xaf]), 'byte 0xC0 at line 1, column 2'],
    ['UTF-16 surrogate', b('ab\ncd', [0xed, 0xa0, 0x80]), 'byte 0xED at line 2, column 3'],
    ['above U+10FFFF', b([0xf4, 0x90, 0x80, 0x80]), 'byte 0xF4 at line 1, column 1'],
    ['cut short at the end', b('😀', [0xe2, 0x82]), 'byte 0xE2 at line 1, column 2'],
    ['stray continuation byte', b('id\r\n', [0x80]), 'byte 0x80 at line 2, column 1'],
  ])('utf8 refuses %s, naming line and character column', (_n, bytes, where) => {
    const err = refused(bytes);
    expect(err.exitCode).toBe(2);
    expect(err.message).toBe(`f.csv is not valid UTF-8: ${where}; nothing was sent.`);
    expect((err as unknown as { hint: string }).hint).toContain('--encoding');
  });

  it('windows-1252 and latin1 differ in 0x80–0x9F', () => {
    const bytes = b([0x80, 0x93, 0x94, 0x96, 0xe9]);
    expect(decodeCsvBytes(bytes, 'windows-1252', 'f.csv')).toBe('€“”–é');
    expect(refused(bytes, 'latin1').message).toContain('byte 0x80 at line 1, column 1 is a control code in latin1');
    expect(decodeCsvBytes(b([0xe9, 0xdf, 0xa0]), 'latin1', 'f.csv')).toBe('éß\u00a0');
  });

  it('windows-1252 refuses its five undefined bytes; UTF-16 and a UTF-8 BOM under another encoding are named', () => {
    expect(refused(b('ab', [0x81]), 'windows-1252').message).toContain('byte 0x81 at line 1, column 3 is a control code in windows-1252');
    expect(refused(b([0xff, 0xfe], 'i')).message).toContain('is UTF-16');
    expect(refused(b([0xef, 0xbb, 0xbf], 'id'), 'latin1').message).toContain('it is UTF-8, not latin1');
  });
});
