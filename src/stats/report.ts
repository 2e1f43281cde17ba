// Runs a statistics report: one request per interval piece (the service only answers a range's
// total), at most `concurrency` at a time, rows handed to the sink in interval order whatever
// order the answers arrive in. A single-piece report streams straight from the socket to the
// sink; split reports hold a finished piece only until the pieces before it are written.
import type { ApiClient, ApiRequest } from '../api/types.js';
import { NetworkError } from '../core/errors.js';
import type { Row } from '../schema/column.js';
import type { Interval, RangePiece } from './intervals.js';
import { mapConcurrent } from '../core/pool.js';
import { type RowContext, type StatsKind, toRow, zeroRow } from './rows.js';
import type { StatsShape } from '../api/stats-shapes.js';
import { deferred } from '../core/deferred.js';

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
    const ctx = context(spec.pieces[0]);
    return watchStream(client, (watched) =>
      streamStatistics(watched, spec.request(spec.pieces[0]), spec.shape, (record) => sink(toRow(record, ctx))),
    );
  }

  // An interval without data gets a zero row, so a daily export has one line per day.
  const fetchPiece = async (piece: RangePiece): Promise<Row[]> => {
    const ctx = context(piece);
    const rows: Row[] = [];
    await watchStream(client, (watched) =>
      streamStatistics(watched, spec.request(piece), spec.shape, (record) => void rows.push(toRow(record, ctx))),
    );
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

const brokenStreams = new WeakSet<object>();

/**
 * True for a report that failed after the service had started sending its body: the connection
 * was cut, the body stopped short or turned unreadable mid-way. The transport never retries
 * those (rows may already be out); a caller that can throw away what it wrote (an atomic --out
 * file) may start the whole report again. Failures before the body (no connection, a 503 after
 * the transport's own retries) and the service's refusals are not "broken streams".
 */
export function isBrokenStream(err: unknown): boolean {
  return typeof err === 'object' && err !== null && brokenStreams.has(err);
}

/** Runs one streamed request, marking a NetworkError that comes after the body was handed over. */
async function watchStream<T>(client: ApiClient, run: (client: ApiClient) => Promise<T>): Promise<T> {
  let handedOver = false;
  const watched: ApiClient = {
    request: (req) => client.request(req),
    stream: async (req) => {
      const response = await client.stream(req);
      handedOver = true;
      return response;
    },
    close: () => client.close(),
  };
  try {
    return await run(watched);
  } catch (err) {
    if (handedOver && err instanceof NetworkError) brokenStreams.add(err);
    throw err;
  }
}
