// Loads a staging CSV file through DuckDB's appender, which takes a value of any length (its CSV
// reader stops at 2 MB a line), casting each text as read_csv would, in the open transaction.

import { createReadStream } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { TableDef } from './schema.js';

export async function appendCsvFile(conn: DuckDBConnection, table: TableDef, path: string): Promise<void> {
  const appender = await conn.createAppender(table.name);
  let field = '';
  let quoted = false;
  let inQuotes = false;
  /** The last character was a closing quote: a quote now is an escaped one (""). */
  let afterQuote = false;
  const endField = () => {
    if (!quoted && field === '') appender.appendNull();
    else appender.appendVarchar(field);
    field = '';
    quoted = false;
  };
  try {
    for await (const chunk of createReadStream(path, { encoding: 'utf8' }) as AsyncIterable<string>) {
      let i = 0;
      while (i < chunk.length) {
        if (inQuotes) {
          const q = chunk.indexOf('"', i);
          if (q === -1) {
            field += chunk.slice(i);
            break;
          }
          field += chunk.slice(i, q);
          i = q + 1;
          inQuotes = false;
          afterQuote = true;
          continue;
        }
        const c = chunk[i++];
        if (afterQuote) {
          afterQuote = false;
          if (c === '"') {
            field += '"';
            inQuotes = true;
            continue;
          }
        }
        if (c === '"') {
          inQuotes = true;
          quoted = true;
        } else if (c === ',') endField();
        else if (c === '\n') {
          endField();
          appender.endRow();
        } else field += c;
      }
    }
    appender.closeSync(); // flushes
  } catch (err) {
    // The rows appended so far are dropped with the transaction the caller rolls back.
    try {
      appender.clear();
      appender.closeSync();
    } catch {
      // already failing
    }
    throw err;
  }
}
