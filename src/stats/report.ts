// Runs a statistics report: one request per interval piece (the service only answers a range's
// total), at most `concurrency` at a time, rows handed to the sink in interval order whatever
// order the answers arrive in. A single-piece report streams straight from the socket to the
// sink; split reports hold a finished piece only until the pieces before it are written.
import type { ApiClient, ApiRequest } from '../api/types.js';
import type { Row } from '../output/types.js';
import type { Interval, RangePiece } from './intervals.js';
import { mapConcurrent } from './pool.js';
import { type RowContext, type StatsKind, toRow, zeroRow } from './rows.js';
import type { StatsShape } from './shapes.js';

export interface ReportSpec {
  kind: StatsKind;
  shape: StatsShape;
  interval: Interval;
  pieces: RangePiece[];
  request: (piece: RangePiece) => ApiRequest;
  /** IDs from the query, for endpoints whose body leaves a level out. */
  ids: Pick<RowContext, 'publication' | 'adslot' | 'campaign'>;
}

export interface ReportOptions {
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export type RowSink = (row: Row) => void | Promise<void>;

/** Resolves with the number of rows written. */
export async function runReport(client: ApiClient, spec: ReportSpec, sink: RowSink, opts: ReportOptions): Promise<number> {
  const { streamStatistics } = await import('../api/statistics.js');
  const context = (piece: RangePiece): RowContext =>
    spec.interval === 'total' ? { ...spec.ids } : { ...spec.ids, interval: spec.interval, intervalLabel: piece.label };

  if (spec.pieces.length === 1 && spec.interval === 'total') {
    const ctx = context(spec.pieces[0]!);
    return streamStatistics(client, spec.request(spec.pieces[0]!), spec.shape, (record) => sink(toRow(record, ctx)));
  }

  // An interval without data gets a zero row, so a daily export has one line per day.
  const fetchPiece = async (piece: RangePiece): Promise<Row[]> => {
    const ctx = context(piece);
    const rows: Row[] = [];
    await streamStatistics(client, spec.request(piece), spec.shape, (record) => void rows.push(toRow(record, ctx)));
    return rows.length > 0 ? rows : [zeroRow(spec.kind, ctx)];
  };

  const slots = spec.pieces.map(() => deferred<Row[]>());
  const work = mapConcurrent(spec.pieces, opts.concurrency, async (piece, i) => slots[i]!.resolve(await fetchPiece(piece)), {
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

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

/** Promise.withResolvers needs Node 22. */
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Pieces after a failure are never awaited; their rejection is the failure already reported.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
