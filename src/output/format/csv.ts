// CSV (RFC 4180 quoting through csv-stringify) and TSV (backslash escapes).

import type { Column } from '../types.js';

/**
 * Records end with LF, not RFC 4180's CRLF. The RFC's quoting is kept in full (a value with a
 * quote, comma, CR or LF is quoted, quotes doubled), so values round-trip exactly; only the
 * record separator differs. Every CSV reader we target (csv-parse, Python's csv, Excel,
 * LibreOffice, pandas) accepts LF, while a CR at the end of each line breaks the Unix tools cron
 * users pipe into (`cut`, `awk`, `grep -x`, `while read`), leaving "\r" glued to the last field.
 */
const CSV_OPTIONS = { record_delimiter: 'unix', eof: true } as const;

/**
 * csv-stringify is loaded only when CSV is asked for (`masg --help` must not pay for it). Its
 * sync API is called once per batch of rows, which keeps the per-row cost low on big exports.
 * Formula escaping stays off: the file must hold the service's data exactly (a leading "-" is
 * a negative amount) and be re-importable by `--from`.
 */
export async function createCsvEncoder(columns: readonly Column[], header: boolean) {
  const { stringify } = await import('csv-stringify/sync');
  return {
    header: () => (header ? stringify([columns.map((c) => c.key)], CSV_OPTIONS) : ''),
    rows: (batch: readonly string[][]) => (batch.length === 0 ? '' : stringify(batch as string[][], CSV_OPTIONS)),
    end: () => '',
  };
}

/**
 * TSV in the text convention of PostgreSQL COPY and MySQL: a tab, newline, carriage return or
 * backslash inside a value is written as `\t`, `\n`, `\r`, `\\`, so every line is one record and
 * every tab separates fields; nothing else is changed.
 */
export function escapeTsv(value: string): string {
  // Most values need nothing; testing first skips the costly replace on big exports.
  return NEEDS_ESCAPE.test(value) ? value.replace(TSV_SPECIAL, (ch) => TSV_ESCAPES[ch] ?? ch) : value;
}
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const TSV_SPECIAL = /[\\\t\n\r]/g;
const TSV_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function createTsvEncoder(columns: readonly Column[], header: boolean) {
  const line = (values: readonly string[]) => values.map(escapeTsv).join('\t') + '\n';
  return {
    header: () => (header ? line(columns.map((c) => c.key)) : ''),
    rows: (batch: readonly string[][]) => batch.map(line).join(''),
    end: () => '',
  };
}
