// What a command hands back: data, never output. src/commands/render.ts turns it into bytes (a
// table, csv/json, a chart, an --out file); features below the commands (bulk, warehouse) return
// it too, so this type lives here, below all of them.
import type { Column, Row } from '../schema/column.js';
import type { CsvBytes } from './writer.js';

export type CommandResult =
  /** Rows for a list; `entity` names them in notices ("No publications."). */
  | { kind: 'rows'; columns: Column[]; rows: Array<Record<string, string>>; entity: string; tableFields?: string[] }
  /**
   * A list read as it arrives (the list commands): `batches` is iterated once, by render, only
   * after every option was checked, so nothing is sent before that. `out`: --out FILE, written
   * atomically (the format follows its extension unless -o is given). `close`: called once render
   * is done, whether the batches were read to the end, stopped early or never started (what
   * they hold open, e.g. a database, is released even when the output fails first). `csv`: the
   * same rows as CSV lines the source encoded itself, read instead of `batches` for plain csv.
   */
  | {
      kind: 'stream';
      columns: Column[];
      batches: AsyncIterable<readonly Row[]>;
      csv?: AsyncIterable<CsvBytes>;
      entity: string;
      tableFields?: string[];
      out?: string;
      close?: () => Promise<void>;
    }
  /** One entity (create, update, view): shown vertically in a table, as an object in JSON. */
  | { kind: 'record'; columns: Column[]; row: Record<string, string>; failure?: Error }
  // `failure` on a record: printed first (it is still the service's answer), then thrown for the
  // exit code — e.g. an update whose status change the service ignored.
  /** The service's body exactly as received (--raw); `failure` as for a record. */
  | { kind: 'raw'; body: string; bytes: Uint8Array; failure?: Error }
  | ReportResult
  /** Plain text for stdout (a bulk plan, a pulse report): printed as is; `failure` as for a record. */
  | { kind: 'text'; text: string; failure?: Error }
  /**
   * --dry-run: the transport's hook described every request instead of sending it; the
   * descriptions (Context.described, in the order they would have been sent) are what
   * src/commands/run.ts prints, so the result itself carries nothing more.
   */
  | { kind: 'dry-run' }
  /** Nothing to print (a command whose effect is the point: logout, a file written by name…). */
  | { kind: 'done' };

/**
 * A statistics report. It is not run by the handler: render runs it (`run`, as many times as a
 * broken stream into --out needs) after opening the output, and writes rows, the totals row of a
 * table, or a chart.
 */
export interface ReportResult {
  kind: 'report';
  /** What a row is, for notices ("Wrote 12 rows to FILE."). */
  entity: string;
  /** Every column, names included: what --fields may name, and a table's header with names. */
  columns: Column[];
  /** The columns without the name columns: a table's header when no names are shown. */
  idColumns: Column[];
  /**
   * The name lookup (already under way: it is sent together with the report): resolves to a
   * function writing names into a row, or undefined when the names could not be read. Absent
   * when no names are shown.
   */
  names?: () => Promise<((row: Row) => void) | undefined>;
  /** Runs the report once: rows handed to `sink` in order; resolves with their count. */
  run: (sink: (row: Row) => void | Promise<void>) => Promise<number>;
  /** A failure after the service started sending (--out may then be written again from the start). */
  restartable: (err: unknown) => boolean;
  /** The budget for those restarts: --retries, and --deadline as a performance.now() instant. */
  retry: { retries: number; deadlineAt?: number };
  /** --chart: the rows summed per hour or day, drawn on the terminal instead of printed. */
  chart?: { grain: 'hour' | 'day'; series: string[] };
  /** --out FILE (already without "-"). */
  out?: string;
  /** The days or hours the report holds, for the --out notice ("2026-11-24, America/New_York"). */
  range?: string;
  /** Said (info) when the report has no rows. */
  empty: string;
}
