// Reads the CSV a user edited, often through a spreadsheet: RFC 4180 with a header row, a UTF-8 BOM
// tolerated, CRLF or LF. Each record keeps its starting line for messages.
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../core/errors.js';
import { localIOError } from '../core/local-io.js';

export interface CsvRow {
  /** The header is line 1. */
  line: number;
  cells: Record<string, string>;
}

export interface CsvTable {
  columns: string[];
  rows: CsvRow[];
}

export const ENCODINGS = ['utf8', 'latin1', 'windows-1252'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** `-` reads standard input; anything else is a file path. */
export async function readCsvSource(source: string, stdin: Readable, encoding: Encoding = 'utf8'): Promise<CsvTable> {
  let bytes: Buffer;
  try {
    bytes = source === '-' ? await readStream(stdin) : await readFile(source);
  } catch (err) {
    // A file that cannot be read is a file problem (exit 7), as for every file masg reads or writes.
    const local = source === '-' ? undefined : localIOError(err, source, 'read');
    if (local) {
      local.message = `--from: ${local.message}`;
      throw local;
    }
    throw new UsageError(`--from: cannot read ${source}: ${(err as Error).message}`, { field: '--from', cause: err });
  }
  const name = source === '-' ? 'standard input' : source;
  return parseCsvText(decodeCsvBytes(bytes, encoding, name), name);
}

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

const HINT_ENCODING =
  'Save the file as "CSV UTF-8" (Excel: File › Save As), or name its encoding: --encoding windows-1252 for files from Excel or other Windows programs, --encoding latin1 for ISO-8859-1.';

/**
 * Nothing is guessed: invalid bytes stop the command, because a wrong guess would send mojibake and
 * succeed. latin1 is ISO-8859-1 proper, not the WHATWG label TextDecoder maps to windows-1252.
 */
export function decodeCsvBytes(bytes: Buffer, encoding: Encoding, name: string): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    throw badEncoding(name, 'is UTF-16 (it starts with a UTF-16 byte-order mark), which --from does not read.');
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    throw badEncoding(name, 'is UTF-16 (it starts with a UTF-16 byte-order mark), which --from does not read.');
  if (encoding === 'utf8') {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      const bad = Math.max(firstInvalidUtf8(bytes), 0);
      const { line, column } = position(bytes, bad);
      throw badEncoding(name, `is not valid UTF-8: byte 0x${hex(bytes[bad] ?? 0)} at line ${line}, column ${column}; nothing was sent.`);
    }
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    throw new UsageError(`${name} starts with a UTF-8 byte-order mark: it is UTF-8, not ${encoding}.`, {
      field: '--encoding',
      hint: 'Drop --encoding.',
    });
  }
  const text = encoding === 'latin1' ? bytes.toString('latin1') : decodeWindows1252(bytes);
  // A C1 control code (0x80–0x9F in latin1; the five bytes windows-1252 leaves undefined) is not
  // text anyone typed: the file is in another encoding.
  const c1 = /[\u0080-\u009f]/.exec(text);
  if (c1) {
    const at = c1.index; // one byte per character in these encodings
    const { line, column } = position(bytes, at);
    const other = encoding === 'latin1' ? ' (in windows-1252 it would be a letter or sign: try --encoding windows-1252)' : '';
    throw badEncoding(
      name,
      `byte 0x${hex(bytes[at])} at line ${line}, column ${column} is a control code in ${encoding}${other}; nothing was sent.`,
    );
  }
  return text;
}

// windows-1252's 0x80–0x9F; undefined bytes stay C1 codes, refused above. Not TextDecoder: Node 20
// decodes 'windows-1252' as ISO-8859-1, the very € / smart-quote bug this option avoids.
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\u0080-\u009f]/g, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80]);
}

function badEncoding(name: string, what: string): UsageError {
  return new UsageError(`${name} ${what}`, { field: '--encoding', hint: HINT_ENCODING });
}

const hex = (b: number) => b.toString(16).toUpperCase().padStart(2, '0');

/** Line (1-based) and column in characters within that line (1-based) of byte `offset`. */
function position(bytes: Buffer, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      start = i + 1;
    }
  }
  // Everything before `offset` is valid (UTF-8: it is the valid prefix), so it decodes exactly.
  const before = new TextDecoder('utf-8').decode(bytes.subarray(start, offset));
  return { line, column: [...before].length + 1 };
}

/** Offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    // Unicode Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF.
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      n = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= n; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += n + 1;
  }
  return -1;
}

export async function parseCsvText(text: string, name: string): Promise<CsvTable> {
  const { parse } = await import('csv-parse/sync');
  let records: Array<{ record: string[]; info: { lines: number; empty_lines: number } }>;
  try {
    // CRLF becomes LF: files mixing both still parse, and csv-parse counts lines right only
    // with one kind of line end.
    records = parse(text.replace(/\r\n/g, '\n'), {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
    }) as unknown as typeof records;
  } catch (err) {
    const e = err as Error;
    throw new UsageError(`${name}: not a valid CSV file: ${e.message}`, { field: '--from', cause: err });
  }
  if (records.length === 0)
    throw new UsageError(`${name} is empty: it needs a header row, e.g. the output of \`list -o csv\`.`, { field: '--from' });
  const columns = records[0].record.map((c) => c.trim());
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) throw new UsageError(`${name}: the column "${c}" appears twice in the header (line 1).`, { field: '--from' });
    seen.add(c);
  }
  const rows: CsvRow[] = [];
  // csv-parse reports the line a record ENDS on, and a quoted cell may span lines.
  let prevLines = records[0].info.lines;
  let prevEmpty = records[0].info.empty_lines;
  for (const { record, info } of records.slice(1)) {
    const line = prevLines + 1 + (info.empty_lines - prevEmpty);
    prevLines = info.lines;
    prevEmpty = info.empty_lines;
    rows.push({ line, cells: Object.fromEntries(columns.map((c, i) => [c, record[i] ?? ''])) });
  }
  return { columns, rows };
}
