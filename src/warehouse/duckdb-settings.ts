// How much of the host DuckDB may take. Left alone, DuckDB sizes its buffer pool to 80 % of the
// machine's memory and runs one thread per core: on a small host that shares its memory with other
// services, one big aggregate would take most of it. masg gives it an explicit budget instead, which
// the user can change through the environment:
//
//   MASG_DUCKDB_MEMORY_LIMIT  DuckDB's memory_limit, e.g. 512MB or 2GB (default 128MB, the sync's 32MB): beyond it,
//                             DuckDB spills to its temporary folder beside the database
//                             (it also caches the blocks it read up to it: 256MB put
//                             `masg sql`'s peak over 250 MB on large tables)
//   MASG_DUCKDB_THREADS       DuckDB's threads, a whole number ≥ 1 (default: the cores, at most 4)
//
// The limit bounds DuckDB's buffer pool, not Node's heap: bench/sql.js shows the whole process's peak.
import { availableParallelism } from 'node:os';
import { UsageError } from '../core/errors.js';

export const DEFAULT_DUCKDB_MEMORY_LIMIT = '128MB';
export const MAX_DEFAULT_DUCKDB_THREADS = 4;

export interface DuckDbResources {
  /** DuckDB's memory_limit, as DuckDB reads it ("256MB"). */
  memoryLimit: string;
  threads: number;
}

type Env = Record<string, string | undefined>;

const MEMORY = /^\s*\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)\s*$/i;

/**
 * The budget from the environment, or the defaults; an unreadable value is a usage error
 * (exit 2, naming the variable), as every wrong setting is. `defaultThreads` and `defaultMemory` are the caller's own defaults: the sync writes with one thread and 32MB.
 */
export function duckdbResources(
  env: Env,
  defaultThreads = Math.min(availableParallelism(), MAX_DEFAULT_DUCKDB_THREADS),
  defaultMemory = DEFAULT_DUCKDB_MEMORY_LIMIT,
): DuckDbResources {
  const memory = env.MASG_DUCKDB_MEMORY_LIMIT?.trim() || defaultMemory;
  if (!MEMORY.test(memory)) {
    throw new UsageError(`MASG_DUCKDB_MEMORY_LIMIT: "${memory}" is not an amount of memory.`, {
      field: 'MASG_DUCKDB_MEMORY_LIMIT',
      hint: 'Give a number with its unit, e.g. MASG_DUCKDB_MEMORY_LIMIT=512MB or 2GB.',
    });
  }
  const threadsText = env.MASG_DUCKDB_THREADS?.trim();
  const threads = threadsText ? Number(threadsText) : defaultThreads;
  if (!Number.isInteger(threads) || threads < 1 || threads > 1024) {
    throw new UsageError(`MASG_DUCKDB_THREADS: "${threadsText}" is not a number of threads.`, {
      field: 'MASG_DUCKDB_THREADS',
      hint: 'Give a whole number from 1, e.g. MASG_DUCKDB_THREADS=2.',
    });
  }
  return { memoryLimit: memory.replace(/\s+/g, ''), threads };
}

/** The same budget as DuckDBInstance.create's configuration entries. */
export function duckdbResourceConfig(env: Env): { memory_limit: string; threads: string } {
  const { memoryLimit, threads } = duckdbResources(env);
  return { memory_limit: memoryLimit, threads: String(threads) };
}
