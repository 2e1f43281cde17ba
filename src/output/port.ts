// The output port handlers write through: stdout or an atomic --out file. Handlers fetch; it writes.
import { outFile, outFormat } from './out-format.js';
import type { Column, OutputFormat, OutputSettings, OutStream, Row, RowWriter, TextBatch } from './types.js';
import type { Ui } from './ui.js';
import { counted } from '../core/plural.js';
import { openChart, openRowWriter, renderRecord, renderRows, rowWriterFor } from './formats.js';
import { TotalsAccumulator, withRowRatios } from '../stats/totals.js';
import { openAtomicFile } from '../core/atomic-file.js';

export interface OutputPort {
  /** The settings for stdout, or for `out` (a file: its format, no colour); UsageError for -o table. */
  settings(out?: string): Promise<OutputSettings>;
  ui(): Promise<Ui>;
  /** Rows as they arrive (lists, masg sql); --out FILE appears only once every batch was written. */
  writeRows(columns: Column[], batches: AsyncIterable<readonly Row[] | TextBatch>, how: RowsTarget): Promise<void>;
  /** A statistics report's output, opened before any request (a read-only folder fails first). */
  openReport(out: string | undefined, caption?: OutputSettings['caption']): Promise<ReportOutput>;
  rows(columns: Column[], rows: Row[], how: Omit<RowsTarget, 'out'>): Promise<void>;
  record(columns: Column[], row: Row): Promise<void>;
  /** The service's body as received (a terminal gets the final newline it lacks), or into `out` atomically. */
  raw(bytes: Uint8Array, out?: string): Promise<void>;
  text(text: string): void;
  /** A --chart of `series` (the last one money) per day or hour: fed row by row, drawn once every row is in. */
  openChart(interval: 'day' | 'hour', series: readonly string[]): Promise<ChartOutput>;
}

export interface ChartOutput {
  add(row: Row): void;
  draw(): void;
}

export interface RowsTarget {
  /** For notices ("Wrote 12 publications to FILE."). */
  entity: string;
  /** A table's default columns; --fields, --wide or a data format shows every one. */
  tableFields?: string[];
  /** On a terminal, a table that cannot show every column whole is one record per row (few rows of many fields). */
  records?: boolean;
  out?: string;
}

/** One statistics report being written; a broken stream into a file may start it again. */
export interface ReportOutput {
  /** A table sums `summed` for its totals row. */
  open(columns: Column[], summed: Column[]): void;
  write(row: Row): void | Promise<void>;
  end(): Promise<void>;
  restart(): Promise<void>;
  /** The file now committed, if this output committed one: only then may a notice say it was written. */
  commit(): Promise<string | undefined>;
  /** Returns the error to throw (a file-system failure names FILE). */
  abort(err: unknown): Promise<unknown>;
}

export interface PortOptions {
  stdout: OutStream & { isTTY?: boolean };
  settings: () => Promise<OutputSettings>;
  /** -o, when given: it wins over a file's extension. */
  format?: OutputFormat;
  ui: () => Promise<Ui>;
}

export function createOutputPort(opts: PortOptions): OutputPort {
  const settings = async (out?: string): Promise<OutputSettings> => {
    const base = await opts.settings();
    const file = outFile(out);
    return file === undefined ? base : { ...base, format: outFormat(file, opts.format), color: false, width: undefined };
  };
  return {
    settings,
    ui: opts.ui,
    writeRows: (columns, batches, how) => writeRows(opts, settings, columns, batches, how),
    async openReport(out, caption) {
      return openReport(opts.stdout, { ...(await settings(out)), caption }, outFile(out));
    },
    async rows(columns, rows, how) {
      const s = await settings();
      await renderRows(opts.stdout, columns, rows, { ...s, fields: fieldsFor(s, how.tableFields), records: how.records });
      if (rows.length === 0) (await opts.ui()).info(`No ${how.entity}.`);
    },
    async record(columns, row) {
      const s = await settings();
      await renderRecord(opts.stdout, columns, row, s);
    },
    async raw(bytes, out) {
      const file = outFile(out);
      if (file !== undefined) return writeRawFile(opts, bytes, file);
      opts.stdout.write(bytes);
      if (opts.stdout.isTTY && bytes.at(-1) !== 0x0a) opts.stdout.write('\n');
    },
    text: (text) => void opts.stdout.write(text),
    async openChart(interval, series) {
      const chart = await openChart(interval, series, await settings());
      return { add: (row) => chart.add(row), draw: () => void opts.stdout.write(chart.text()) };
    },
  };
}

async function writeRows(
  opts: PortOptions,
  settingsFor: (out?: string) => Promise<OutputSettings>,
  columns: Column[],
  batches: AsyncIterable<readonly Row[] | TextBatch>,
  how: RowsTarget,
): Promise<void> {
  const out = outFile(how.out);
  const settings = await settingsFor(out);
  const file = out === undefined ? undefined : await openAtomicFile(out);
  let count = 0;
  try {
    const stream = file?.stream ?? opts.stdout;
    const shown = { ...settings, fields: fieldsFor(settings, how.tableFields) };
    const writer = await openRowWriter(stream, columns, shown);
    for await (const batch of batches) {
      if (!Array.isArray(batch)) {
        const text = batch as TextBatch;
        count += text.rows;
        const pending = writer.writeText(text);
        if (pending !== undefined) await pending;
        continue;
      }
      for (const row of batch as readonly Row[]) {
        count++;
        const pending = writer.write(row);
        if (pending !== undefined) await pending;
      }
    }
    await writer.end();
    await file?.commit();
  } catch (err) {
    await file?.abort();
    if (!file && count > 0 && settings.format !== 'table' && isMasgError(err)) {
      (await opts.ui()).warn(`The output is incomplete: it stopped after ${counted(count, how.entity)}.`);
    }
    // A full disk or a file-size limit under --out is the file's failure (exit 7, naming it).
    throw file ? file.explain(err) : err;
  }
  const ui = await opts.ui();
  if (count === 0) ui.info(`No ${how.entity}.`);
  // A notice, not info: the data went to the file, so -o csv/json must not silence it.
  if (file) ui.notice(`Wrote ${counted(count, how.entity)} to ${out}.`);
}

async function openReport(stdout: OutStream, settings: OutputSettings, out: string | undefined): Promise<ReportOutput> {
  const file = out === undefined ? undefined : await openAtomicFile(out);
  // Loaded now: open() makes the writer at once, and a restart makes it again.
  const createRowWriter = await rowWriterFor(settings.format);
  let writer: RowWriter | undefined;
  let totals: InstanceType<typeof TotalsAccumulator> | undefined;
  let columns: Column[] = [];
  let rows = 0;
  return {
    open(shown, summed) {
      columns = shown;
      rows = 0;
      writer = createRowWriter(file?.stream ?? stdout, shown, settings);
      totals = settings.format === 'table' ? new TotalsAccumulator(summed) : undefined;
    },
    write(row) {
      rows++;
      if (!totals) return writer!.write(withRowRatios(row, columns, true));
      totals.add(row);
      return writer!.write(withRowRatios(row, columns));
    },
    end: () => writer!.end(totals && rows > 0 ? totals.totals() : undefined),
    restart: async () => file?.restart(),
    async commit() {
      await file?.commit();
      return out;
    },
    async abort(err) {
      await file?.abort();
      return file ? file.explain(err) : err;
    },
  };
}

/** --raw --out FILE: the body byte for byte, never a half-written FILE (a failure is exit 7 naming it). */
async function writeRawFile(opts: PortOptions, bytes: Uint8Array, out: string): Promise<void> {
  const file = await openAtomicFile(out);
  try {
    await new Promise<void>((resolve, reject) => file.stream.write(bytes, (err) => (err ? reject(err) : resolve())));
    await file.commit();
  } catch (err) {
    await file.abort();
    throw file.explain(err);
  }
  (await opts.ui()).notice(`Wrote the service's body (${counted(bytes.length, 'bytes')}) to ${out}.`);
}

function fieldsFor(settings: OutputSettings, tableFields: string[] | undefined): string[] | undefined {
  return settings.fields ?? (settings.format === 'table' && !settings.wide ? tableFields : undefined);
}

function isMasgError(err: unknown): boolean {
  return err instanceof Error && 'exitCode' in err;
}
