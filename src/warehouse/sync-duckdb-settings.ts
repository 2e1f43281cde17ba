// The DuckDB settings `masg sync` opens its warehouse with: explicit, so that a sync's memory is
// bounded by the engine rather than by the host's size (DuckDB's defaults are 80 % of the RAM and
// one thread per core). Documented in docs/warehouse.md ("Memory and threads").

import { duckdbResources, type DuckDbResources } from './duckdb-settings.js';

/** DuckDB's buffer pool (`memory_limit`) and worker threads, as `masg sql` reads them too. */
export type WriterSettings = DuckDbResources;

/**
 * A sync's buffer pool holds blocks of the table it appends to, cached up to the limit: the table
 * grows with the range, so the pool filled towards 128MB over 90 days (RSS 222 → 297 MB, V8's heap
 * flat at ~55 MB; docs/performance.md). A day's load and key check need far less: a day of 330,000
 * rows loads as fast with 32MB as with 64MB, and the 90-day peak is ~20 MB lower on every Node.
 */
export const SYNC_DUCKDB_MEMORY_LIMIT = '32MB';

/** The environment's MASG_DUCKDB_MEMORY_LIMIT and MASG_DUCKDB_THREADS; the sync writes with one thread and 32MB unless told. */
export function writerSettings(env: Record<string, string | undefined>): WriterSettings {
  return duckdbResources(env, 1, SYNC_DUCKDB_MEMORY_LIMIT);
}

/**
 * The configuration DuckDB is opened with for writing. Besides the two settings above:
 * - allocator_flush_threshold and allocator_background_threads: memory DuckDB's allocator frees
 *   goes back to the system past 16 MB (default 128 MB per thread), and a background thread of
 *   its own returns it between loads; without them, RSS grew with the range (docs/performance.md);
 * - preserve_insertion_order off: a load's rows need not be buffered to keep their file order
 *   (the tables have no order; queries sort);
 * - max_vacuum_tasks 0: checkpoints do not merge row groups, a rewrite that grew with the range;
 * - write_buffer_row_group_count 1: each full row group is written as soon as it fills.
 */
export function duckdbWriterConfig(settings: WriterSettings): Record<string, string> {
  return {
    memory_limit: settings.memoryLimit,
    threads: String(settings.threads),
    allocator_flush_threshold: '16MB',
    allocator_background_threads: 'true',
    preserve_insertion_order: 'false',
    max_vacuum_tasks: '0',
    write_buffer_row_group_count: '1',
  };
}
