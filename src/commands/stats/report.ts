// Runs a statistics report: one SDK statistics list per interval piece (the service only answers
// a range's total), at most `concurrency` at a time, rows handed to the sink in interval order
// whatever order the answers arrive in. A single-piece report streams straight from the socket to
// the sink; split reports hold a finished piece only until the pieces before it are written.
import type { StatsRecord } from '../../api/stats-shapes.js';
import type { EntityList } from '../../api/types.js';
import { deferred } from '../../core/deferred.js';
import { mapConcurrent } from '../../core/pool.js';
import type { Row } from '../../schema/column.js';
import type { Interval, RangePiece } from '../../stats/intervals.js';
import { type RowContext, type StatsKind, toRow, zeroRow } from '../../stats/rows.js';

export interface ReportSpec {
  kind: StatsKind;
  interval: Interval;
  pieces: RangePiece[];
  /** The SDK's list for one piece (`from`/`to`: the piece's hour stamps); sent when iterated. */
  fetch: (piece: RangePiece) => EntityList<StatsRecord>;
  /** IDs from the query, for endpoints whose body leaves a level out. */
  ids: Pick<RowContext, 'publication' | 'adslot' | 'campaign'>;
  /** A one-day total's day (YYYY-MM-DD), written into each row's `date` when --fields asks for it. */
  day?: string;
}

export interface ReportOptions {
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export type RowSink = (row: Row) => void | Promise<void>;

/** Resolves with the number of rows written. */
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
