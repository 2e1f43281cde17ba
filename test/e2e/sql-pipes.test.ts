// masg sql's stdout is the one output writer's, on both engines and in every data format: a
// reader that closes the pipe after two lines ends masg at once with exit 0; Ctrl-C while the
// reader has stopped reading (the pipe full) is exit 130 at once; a full disk (/dev/full) is exit 7,
// and on PostgreSQL the session ends too. The built binary, its stdout a real pipe (a FIFO this test
// holds the reading end of) or /dev/full; results many times a pipe's 64 KiB.
import { closeSync, existsSync, openSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { limit } from '../helpers/time-limits.js';
import { spawnMasg } from '../helpers/binary.js';
import { blocked, fifo } from '../helpers/stalled-pipe.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

const FORMATS = ['csv', 'tsv', 'json', 'ndjson'] as const;
// About 12 MB in each format: ~190 times a pipe's buffer.
const DUCK_QUERY = "SELECT i AS n, 'row-' || i AS name, repeat('x', 40) AS pad FROM range(200000) t(i)";
const PG_QUERY = "SELECT n, 'row-' || n AS name, repeat('x', 40) AS pad FROM generate_series(1, 200000) n";

type Pg = {
  createDatabase(prefix?: string): Promise<string>;
  stop(): Promise<void>;
  port: number;
  query(sql: string, db?: string): Promise<{ rowCount: number | null; rows: Array<Record<string, unknown>> }>;
};

interface Engine {
  name: string;
  db: () => string;
  query: string;
}

let duck = '';
let pg: Pg | undefined;
let pgUrl = '';
const engines: Engine[] = [{ name: 'DuckDB', db: () => duck, query: DUCK_QUERY }];
if (POSTGRES_SKIP === undefined) engines.push({ name: 'PostgreSQL', db: () => pgUrl, query: PG_QUERY });

beforeAll(async () => {
  duck = join(tempDir('masg-pipes-'), 'w.duckdb');
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(duck);
  const conn = await instance.connect();
  await conn.run('CREATE TABLE t AS SELECT 1 AS n');
  conn.closeSync();
  instance.closeSync();
  if (POSTGRES_SKIP !== undefined) return;
  pg = (await startPostgres()) as Pg;
  const url = await pg.createDatabase('pipes');
  // The superuser is refused for read-only work: a reader role, as docs/warehouse.md makes it.
  await pg.query('CREATE ROLE masg_reader LOGIN NOSUPERUSER');
  pgUrl = url.replace('//masg@', '//masg_reader@');
}, 90_000);
afterAll(async () => {
  await pg?.stop();
  removeTempDirs();
});

function masg(args: string[], stdout: number) {
  return spawnMasg(args, { stdout });
}

describe.each(engines)('masg sql on $name through a real pipe', (engine) => {
  it.each(FORMATS)(
    '-o %s | head -2: the reader closes after two lines and masg ends at once with exit 0',
    async (format) => {
      const pipe = fifo();
      const run = masg(['sql', '--db', engine.db(), '-o', format, engine.query], pipe.write);
      closeSync(pipe.write);
      const reader = new Socket({ fd: pipe.read, readable: true, writable: false });
      let text = '';
      const closedAt = await new Promise<number>((resolve) => {
        reader.on('data', (c: Buffer) => {
          text += c.toString();
          if (text.split('\n').length > 2) {
            reader.destroy();
            resolve(performance.now());
          }
        });
      });
      const code = await run.exited;
      const after = performance.now() - closedAt;
      expect({ code, stderr: run.stderr() }).toEqual({ code: 0, stderr: '' });
      expect(text.split('\n')[0]).toMatch(format === 'json' ? /^\[$/ : /n|\{"n"/);
      expect(after).toBeLessThan(limit(1000));
    },
    60_000,
  );

  it.each(FORMATS)(
    '-o %s, the reader stopped reading: SIGINT is exit 130 at once',
    async (format) => {
      const pipe = fifo();
      const run = masg(['sql', '--db', engine.db(), '-o', format, engine.query], pipe.write);
      closeSync(pipe.write);
      try {
        await blocked(run.child.pid!);
        const sent = performance.now();
        run.child.kill('SIGINT');
        const code = await run.exited;
        expect(code).toBe(130);
        expect(performance.now() - sent).toBeLessThan(limit(1000));
      } finally {
        run.child.kill('SIGKILL');
        closeSync(pipe.read);
      }
    },
    60_000,
  );

  it.each(FORMATS)(
    '-o %s > /dev/full: exit 7 saying the device is full, and the database session ends',
    async (format) => {
      if (!existsSync('/dev/full')) return;
      const full = openSync('/dev/full', 'w');
      const marker = `masg-full-${format}`;
      const run = masg(['sql', '--db', engine.db(), '-o', format, `${engine.query} /* ${marker} */`], full);
      closeSync(full);
      const code = await run.exited;
      expect(code).toBe(7);
      expect(run.stderr()).toMatch(/no space left/i);
      if (engine.name === 'PostgreSQL') {
        // The server notices a closed connection on its own time: asked until it has, or the limit.
        const left = async () =>
          (await pg!.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query LIKE '%${marker}%'`))
            .rows[0].n as number;
        const until = performance.now() + limit(2000);
        while ((await left()) > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
        expect(await left()).toBe(0);
      }
    },
    60_000,
  );
});
