// One SDK list per interval piece (the service only answers a range's total), a few at a time,
// rows written in interval order. A stream broken mid-way into --out restarts from an empty file;
// on stdout printed rows cannot be taken back, so it does not.
import type { StatsRecord } from '../../endpoints/stats-shapes.js';
import type { EntityList } from '../../transport/types.js';
import { deferred } from '../../core/deferred.js';
import type { NetworkError } from '../../core/errors.js';
import { mapConcurrent } from '../../core/pool.js';
import type { OutputPort } from '../../output/port.js';
import type { Column, OutputSettings, Row } from '../../output/types.js';
import type { Interval, RangePiece } from '../../time/intervals.js';
import { type RowContext, type StatsKind, toRow, zeroRow } from '../../stats/rows.js';
import { counted } from '../../core/plural.js';
import { DEFAULT_POLICY, Transient, withRetries, secs } from '../../transport/retry.js';
import { isBrokenStream } from '../../sdk/stats.js';

export interface ReportSpec {
  kind: StatsKind;
  interval: Interval;
  pieces: RangePiece[];
  fetch: (piece: RangePiece) => EntityList<StatsRecord>;
  /** For endpoints whose body leaves a level out. */
  ids: Pick<RowContext, 'publication' | 'adslot' | 'campaign'>;
  day?: string;
}

export interface ReportOptions {
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export type RowSink = (row: Row) => void | Promise<void>;

export async function runReport(spec: ReportSpec, sink: RowSink, opts: ReportOptions): Promise<number> {
  const context = (piece: RangePiece): RowContext =>
    spec.interval !== 'total'
      ? { ...spec.ids, interval: spec.interval, intervalLabel: piece.label }
      : spec.day !== undefined
        ? { ...spec.ids, interval: 'day', intervalLabel: spec.day }
        : { ...spec.ids };

  if (spec.pieces.length === 1 && spec.interval === 'total') {
    const ctx = context(spec.pieces[0]);
    let written = 0;
    for await (const batch of spec.fetch(spec.pieces[0]).batches()) {
      for (const record of batch) {
        const pending = sink(toRow(record, ctx));
        if (pending !== undefined) await pending;
        written++;
      }
    }
    return written;
  }

  // An interval without data gets a zero row, so a daily export has one line per day.
  const fetchPiece = async (piece: RangePiece): Promise<Row[]> => {
    const ctx = context(piece);
    const rows: Row[] = [];
    for await (const batch of spec.fetch(piece).batches()) for (const record of batch) rows.push(toRow(record, ctx));
    return rows.length > 0 ? rows : [zeroRow(spec.kind, ctx)];
  };

  const slots = spec.pieces.map(() => deferred<Row[]>());
  const work = mapConcurrent(spec.pieces, opts.concurrency, async (piece, i) => slots[i].resolve(await fetchPiece(piece)), {
    signal: opts.signal,
    onProgress: opts.onProgress,
  });
  work.catch((err: unknown) => slots.forEach((s) => s.reject(err)));

  let written = 0;
  for (const slot of slots) {
    for (const row of await slot.promise) {
      await sink(row);
      written++;
    }
  }
  await work;
  return written;
}

export interface ReportJob {
  spec: ReportSpec;
  run: ReportOptions;
  columns: Column[];
  idColumns: Column[];
  names?: Promise<((row: Row) => void) | undefined>;
  retry: { retries: number; deadlineAt?: number };
  out?: string;
  range: string;
  /** The days and zone, above a table on a terminal. */
  caption?: OutputSettings['caption'];
}

export async function writeReport(port: OutputPort, settings: OutputSettings, job: ReportJob): Promise<void> {
  const ui = await port.ui();
  const output = await port.openReport(job.out, job.caption);
  const names = job.names ?? Promise.resolve(undefined);
  try {
    const rows = await withRetries(
      async (attempt) => {
        if (attempt > 1) await output.restart();
        // The names decide a table's columns: the first row waits for them.
        let addNames: ((row: Row) => void) | undefined;
        let opened = false;
        const ready = names.then((found) => {
          addNames = found;
          // A table without names shows the IDs only; an explicit --fields keeps its header.
          output.open(found !== undefined || settings.fields !== undefined ? job.columns : job.idColumns, job.idColumns);
          opened = true;
        });
        const write = (row: Row) => {
          addNames?.(row);
          return output.write(row);
        };
        let count: number;
        try {
          count = await runReport(job.spec, (row) => (opened ? write(row) : ready.then(() => write(row))), job.run);
        } catch (err) {
          if (job.out !== undefined && isBrokenStream(err)) throw new Transient(err as NetworkError, 'a broken stream');
          throw err;
        }
        await ready;
        await output.end();
        return count;
      },
      { ...DEFAULT_POLICY, retries: job.retry.retries, deadlineAt: job.retry.deadlineAt },
      {
        signal: job.run.signal,
        onRetry: ({ next, of, delayMs }) =>
          ui.notice(
            `masg: the report's stream broke before it ended; writing ${job.out} again from the start in ${secs(delayMs)} (attempt ${next} of ${of}).`,
          ),
      },
    );
    const committed = await output.commit();
    if (rows === 0) ui.info('No statistics for this range.');
    if (committed !== undefined) ui.notice(`Wrote ${counted(rows, 'rows')} (${job.range}) to ${committed}.`);
  } catch (err) {
    throw await output.abort(err);
  }
}

export async function drawReport(port: OutputPort, spec: ReportSpec, run: ReportOptions, series: string[]): Promise<void> {
  const chart = await port.openChart(spec.interval === 'hour' ? 'hour' : 'day', series);
  await runReport(spec, (row) => chart.add(row), run);
  chart.draw();
}
