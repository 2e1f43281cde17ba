// The DuckDB settings `masg sync` opens its warehouse with: explicit, so that a sync's memory is
// bounded by the engine rather than by the host's size (DuckDB's defaults are 80 % of the RAM and
// one thread per core). Documented in docs/warehouse.md ("Memory and threads").

import { UsageError } from '../core/errors.js';

export interface WriterSettings {
  /** DuckDB's buffer pool (data written, CSV buffers, sorts): `memory_limit`. */
  memoryLimit: string;
  /** DuckDB's worker threads: `threads`. */
  threads: number;
}

export const DEFAULT_WRITER_SETTINGS: WriterSettings = { memoryLimit: '128MB', threads: 1 };

/** The environment's overrides, checked as user input: exit 2 naming the variable. */
export function writerSettings(env: Record<string, string | undefined>): WriterSettings {
  const settings = { ...DEFAULT_WRITER_SETTINGS };
  const memory = env.MASG_DUCKDB_MEMORY_LIMIT?.trim();
  if (memory) {
    if (!/^\d{1,6}(?:\.\d{1,3})?\s*(?:KB|MB|GB|KiB|MiB|GiB)$/i.test(memory)) {
      throw new UsageError(`MASG_DUCKDB_MEMORY_LIMIT: "${memory}" is not an amount of memory such as 128MB or 1GB.`, {
        field: 'MASG_DUCKDB_MEMORY_LIMIT',
      });
    }
    settings.memoryLimit = memory;
  }
  const threads = env.MASG_DUCKDB_THREADS?.trim();
  if (threads) {
    const n = /^\d{1,3}$/.test(threads) ? Number(threads) : NaN;
    if (!(n >= 1 && n <= 256)) {
      throw new UsageError(`MASG_DUCKDB_THREADS: "${threads}" is not a whole number from 1 to 256.`, { field: 'MASG_DUCKDB_THREADS' });
    }
    settings.threads = n;
  }
  return settings;
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
