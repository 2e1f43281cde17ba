// Reads the CSV a user edited (usually `masg … list -o csv`, round-tripped through a spreadsheet):
// RFC 4180 with a header row, a UTF-8 BOM tolerated (Excel writes one), CRLF or LF. Every record
// keeps the line it starts on, so messages can say `name (line 4)` as the file shows it.
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { UsageError } from '../errors.js';

export interface CsvRow {
  /** The line of the file the record starts on (the header is line 1). */
  line: number;
  /** Cell values by header name. */
  cells: Record<string, string>;
}

export interface CsvTable {
  columns: string[];
  rows: CsvRow[];
}

/** `-` reads standard input; anything else is a file path. */
export async function readCsvSource(source: string, stdin: Readable): Promise<CsvTable> {
  let text: string;
  try {
    text = source === '-' ? await readStream(stdin) : await readFile(source, 'utf8');
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new UsageError(`--from: cannot read ${source}: ${why}`, { field: '--from', cause: err });
  }
  return parseCsvText(text, source === '-' ? 'standard input' : source);
}

async function readStream(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

export async function parseCsvText(text: string, name: string): Promise<CsvTable> {
  const { parse } = await import('csv-parse/sync');
  let records: Array<{ record: string[]; info: { lines: number; empty_lines: number } }>;
  try {
    // Blank lines (a trailing newline or two left by an editor) are not rows; ragged rows are
    // errors. CRLF becomes LF first: files mixing both after a hand edit still parse, and
    // csv-parse's line count (used for messages) is only right with one kind of line end.
    records = parse(text.replace(/\r\n/g, '\n'), { bom: true, info: true, skip_empty_lines: true, relax_column_count: false }) as unknown as typeof records;
  } catch (err) {
    const e = err as Error;
    throw new UsageError(`${name}: not a valid CSV file: ${e.message}`, { field: '--from', cause: err });
  }
  if (records.length === 0) throw new UsageError(`${name} is empty: it needs a header row, e.g. the output of \`list -o csv\`.`, { field: '--from' });
  const columns = records[0]!.record.map((c) => c.trim());
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) throw new UsageError(`${name}: the column "${c}" appears twice in the header (line 1).`, { field: '--from' });
    seen.add(c);
  }
  const rows: CsvRow[] = [];
  // csv-parse reports the line a record ENDS on; a quoted cell may span lines, so the start is
  // the previous record's end plus one, plus any blank lines skipped in between.
  let prevLines = records[0]!.info.lines;
  let prevEmpty = records[0]!.info.empty_lines;
  for (const { record, info } of records.slice(1)) {
    const line = prevLines + 1 + (info.empty_lines - prevEmpty);
    prevLines = info.lines;
    prevEmpty = info.empty_lines;
    rows.push({ line, cells: Object.fromEntries(columns.map((c, i) => [c, record[i] ?? ''])) });
  }
  return { columns, rows };
}
