// CSV (RFC 4180 quoting) and TSV (backslash escapes).

import type { Column, Row } from '../types.js';

/**
 * Records end with LF, not RFC 4180's CRLF. The RFC's quoting is kept in full (a value with a
 * quote, comma, CR or LF is quoted, quotes doubled), so values round-trip exactly; only the
 * record separator differs. Every CSV reader we target (csv-parse, Python's csv, Excel,
 * LibreOffice, pandas) accepts LF, while a CR at the end of each line breaks the Unix tools cron
 * users pipe into (`cut`, `awk`, `grep -x`, `while read`), leaving "\r" glued to the last field.
 *
 * RFC 4180 quoting: a field holding a quote, comma, CR or LF is wrapped in quotes with its
 * quotes doubled; every other field is written as is (what csv-stringify does by default).
 * Written out rather than through csv-stringify because, measured on a 200,000-row export
 * (bench/export.js), the library's per-field option handling cost ~290 ms against ~50 ms here —
 * most of the distance to the 1.3× target. Reading CSV stays with csv-parse, and the round-trip
 * tests in test/output check this writer against it.
 */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(QUOTE, '""')}"` : value;
}

const csvLine = (values: readonly string[]): string => {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ',') + csvField(values[i]);
  return line + '\n';
};

/** Formula escaping stays off: the file must hold the service's data exactly (a leading "-" is
 * a negative amount) and be re-importable by `--from`. */
export function createCsvEncoder(columns: readonly Column[], header: boolean) {
  const keys = columns.map((c) => c.key);
  return {
    header: () => (header ? csvLine(keys) : ''),
    rows: (batch: readonly string[][]) => {
      let text = '';
      for (const values of batch) text += csvLine(values);
      return text;
    },
    line: (row: Row) => {
      let line = csvField(row[keys[0]] ?? '');
      for (let i = 1; i < keys.length; i++) line += ',' + csvField(row[keys[i]] ?? '');
      return line + '\n';
    },
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
  const keys = columns.map((c) => c.key);
  const line = (values: readonly string[]) => values.map(escapeTsv).join('\t') + '\n';
  return {
    header: () => (header ? line(keys) : ''),
    rows: (batch: readonly string[][]) => batch.map(line).join(''),
    line: (row: Row) => {
      let text = escapeTsv(row[keys[0]] ?? '');
      for (let i = 1; i < keys.length; i++) text += '\t' + escapeTsv(row[keys[i]] ?? '');
      return text + '\n';
    },
    end: () => '',
  };
}
