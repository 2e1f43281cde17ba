// masg sql's read-only promise on PostgreSQL beyond the transaction: a role that can act outside
// `BEGIN READ ONLY` (a superuser, pg_execute_server_program, pg_write_server_files, EXECUTE on
// dblink's functions) is refused before the statement runs, and what the statement tried never
// happens; the reader role of docs/warehouse.md is let through. Ctrl-C and SIGTERM sent to the
// built binary cancel a running statement on the server. The role that syncs (it owns a table)
// is refused too, and a reader cannot end its sessions. Also: csv and tsv, from the cursor, are
// what PostgreSQL's COPY would write. A real server; skipped, saying why, only without it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
// @ts-expect-error: a plain JS helper shared with bench/warehouse.js
import { POSTGRES_SKIP, startPostgres } from '../warehouse/postgres-server.js';

type Pg = {
  createDatabase(prefix?: string): Promise<string>;
  stop(): Promise<void>;
  port: number;
  query(sql: string, db?: string): Promise<{ rowCount: number | null; rows: Array<Record<string, unknown>> }>;
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built binary in a process of its own; `signal` is sent once `ready()` resolves. */
async function masg(args: string[], kill?: { ready: () => Promise<void>; signal: NodeJS.Signals }): Promise<Run> {
  const run = spawnMasg(args);
  if (kill) void kill.ready().then(() => run.child.kill(kill.signal));
  const code = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe.skipIf(POSTGRES_SKIP !== undefined)(
  `masg sql's side doors on PostgreSQL${POSTGRES_SKIP ? ` (skipped: ${POSTGRES_SKIP})` : ''}`,
  () => {
    let pg: Pg;
    let db: string;
    const as = (role: string, name = db) => `postgres://${role}@127.0.0.1:${pg.port}/${name}`;
    const rows = async (name = db) => (await pg.query('SELECT count(*)::int AS n FROM publisher_stats', name)).rows[0].n;

    async function warehouse(name: string): Promise<void> {
      await pg.query('CREATE TABLE publisher_stats (date date, publication_id text, requests bigint, earnings numeric(18,2))', name);
      await pg.query(
        "INSERT INTO publisher_stats SELECT DATE '2026-01-01' + n % 3, 'pub-' || n, n, n / 4.0 FROM generate_series(1, 40) n",
        name,
      );
      await pg.query('GRANT USAGE ON SCHEMA public TO masg_reader, program_member, files_member', name);
      await pg.query('GRANT SELECT ON ALL TABLES IN SCHEMA public TO masg_reader, program_member, files_member', name);
    }

    beforeAll(async () => {
      pg = await startPostgres();
      db = (await pg.createDatabase('doors')).split('/').pop()!;
      await pg.query('CREATE ROLE masg_reader LOGIN NOSUPERUSER');
      await pg.query('CREATE ROLE program_member LOGIN NOSUPERUSER IN ROLE pg_execute_server_program');
      await pg.query('CREATE ROLE files_member LOGIN NOSUPERUSER IN ROLE pg_write_server_files');
      await warehouse(db);
    }, 90_000);
    afterAll(async () => {
      await pg?.stop();
      removeTempDirs();
    });

    it.each([
      ['masg', 'COPY (SELECT 1) TO PROGRAM', 'superuser'],
      ['masg', 'COPY (SELECT 1) TO FILE', 'superuser'],
      ['program_member', 'COPY (SELECT 1) TO PROGRAM', 'member of pg_execute_server_program'],
      ['files_member', 'COPY (SELECT 1) TO FILE', 'member of pg_write_server_files'],
    ])('as %s, %s is refused (exit 2) before it runs, saying why and how to make a reader role', async (role, attack, why) => {
      const marker = join(tempDir('masg-doors-'), 'written');
      const sql = attack.endsWith('PROGRAM') ? `COPY (SELECT 1) TO PROGRAM 'touch ${marker}'` : `COPY (SELECT 1) TO '${marker}'`;
      const before = await rows();
      const run = await masg(['sql', '--db', as(role), sql]);
      expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
      expect(run.stderr).toContain(why);
      expect(run.stderr).toContain('CREATE ROLE masg_reader');
      expect(run.stderr).toContain('--write');
      expect(existsSync(marker)).toBe(false);
      expect(await rows()).toBe(before);
    });

    it('--write is the explicit way past the check; the reader role is let through without it', async () => {
      expect(await masg(['sql', '--db', as('masg'), '--write', '-o', 'csv', '--no-header', 'SELECT 1'])).toEqual({
        code: 0,
        stdout: '1\n',
        stderr: '',
      });
      const read = await masg(['sql', '--db', as('masg_reader'), '-o', 'csv', '--no-header', 'SELECT count(*) FROM publisher_stats']);
      expect(read).toEqual({ code: 0, stdout: '40\n', stderr: '' });
    });

    it("dblink installed: every role that may EXECUTE it is refused; after docs/warehouse.md's REVOKE the reader reads, and dblink_exec deletes nothing", async () => {
      const name = (await pg.createDatabase('dblink')).split('/').pop()!;
      await warehouse(name);
      await pg.query('CREATE EXTENSION dblink', name);
      const attack = `SELECT dblink_exec('host=127.0.0.1 port=${pg.port} dbname=${name} user=masg', 'DELETE FROM publisher_stats')`;
      const refused = await masg(['sql', '--db', as('masg_reader', name), attack]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('it may EXECUTE the functions of dblink');
      expect(await rows(name)).toBe(40);
      // The REVOKE of docs/warehouse.md.
      await pg.query(
        `DO $$ DECLARE f regprocedure; BEGIN
         FOR f IN SELECT d.objid::regprocedure FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
                  WHERE d.classid = 'pg_proc'::regclass AND d.deptype = 'e' AND e.extname IN ('dblink', 'postgres_fdw', 'adminpack')
         LOOP EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f); END LOOP; END $$`,
        name,
      );
      const read = await masg(['sql', '--db', as('masg_reader', name), '-o', 'csv', '--no-header', 'SELECT count(*) FROM publisher_stats']);
      expect(read).toEqual({ code: 0, stdout: '40\n', stderr: '' });
      const denied = await masg(['sql', '--db', as('masg_reader', name), attack]);
      expect(denied.code).toBe(2);
      expect(denied.stderr).toMatch(/permission denied for function dblink_exec/);
      expect(await rows(name)).toBe(40);
    });

    describe('the role that syncs (it owns the tables) is refused for read-only work; a reader cannot reach its sessions', () => {
      let name: string;
      let sync: import('pg').Client;
      const alive = async () => (await sync.query('SELECT 1 AS n')).rows[0].n as number;
      beforeAll(async () => {
        name = (await pg.createDatabase('syncer')).split('/').pop()!;
        await warehouse(name);
        await pg.query('CREATE ROLE masg_sync LOGIN NOSUPERUSER', name).catch(() => undefined);
        await pg.query('CREATE ROLE signaller LOGIN NOSUPERUSER IN ROLE pg_signal_backend', name).catch(() => undefined);
        await pg.query('GRANT SELECT ON ALL TABLES IN SCHEMA public TO signaller', name);
        await pg.query('ALTER TABLE publisher_stats OWNER TO masg_sync', name);
        // A running sync's session, as the same role.
        const { default: pgModule } = await import('pg');
        sync = new pgModule.Client({ connectionString: as('masg_sync', name), application_name: 'masg sync' });
        await sync.connect();
      });
      afterAll(async () => {
        await sync?.end();
      });

      const terminate = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'masg sync'";
      it.each([
        ['masg_sync', terminate, 'as the role that syncs does'],
        ['masg_sync', "SELECT pg_advisory_lock(hashtext('masg sync'), hashtext('east@example.com'))", 'as the role that syncs does'],
        ['masg_sync', 'ANALYZE publisher_stats', 'as the role that syncs does'],
        ['masg_sync', 'REINDEX TABLE publisher_stats', 'as the role that syncs does'],
        ['masg_sync', 'LOCK TABLE publisher_stats IN ROW EXCLUSIVE MODE', 'as the role that syncs does'],
        ['signaller', terminate, 'member of pg_signal_backend'],
      ])('as %s, %s is refused (exit 2) before it runs; the sync session lives on', async (role, sql, why) => {
        const run = await masg(['sql', '--db', as(role, name), sql]);
        expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
        expect(run.stderr).toContain(why);
        expect(run.stderr).toContain('CREATE ROLE masg_reader');
        expect(await alive()).toBe(1);
      });

      it.each([
        [terminate, /permission denied|must be a member/],
        ['REINDEX TABLE publisher_stats', /must be owner/],
        ['LOCK TABLE publisher_stats IN ROW EXCLUSIVE MODE', /permission denied/],
      ])('as the reader, %s is refused by the server (exit 2); the sync session lives on', async (sql, message) => {
        const run = await masg(['sql', '--db', as('masg_reader', name), sql]);
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(message);
        expect(await alive()).toBe(1);
      });
    });

    it.each(['SIGINT', 'SIGTERM'] as const)(
      '%s to the binary cancels pg_sleep(600) on the server: exit 130, nothing left running',
      async (signal) => {
        const running = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'masg sql' AND state = 'active' AND query LIKE '%pg_sleep(600)%'`;
        const active = async () => (await pg.query(running)).rows[0].n as number;
        const ready = async () => {
          while ((await active()) === 0) await new Promise((r) => setTimeout(r, 50));
        };
        const started = performance.now();
        let sent = 0;
        const run = await masg(['sql', '--db', as('masg_reader'), 'SELECT pg_sleep(600)'], {
          ready: () => ready().then(() => void (sent = performance.now())),
          signal,
        });
        expect(run.code).toBe(130);
        expect(run.stdout).toBe('');
        // Without the cancel, the server would run the statement for ten minutes after masg left (and a masg that waited for it would outlive the test's time-out).
        expect(await active()).toBe(0);
        console.log(
          `masg sql ${signal}: exit ${run.code} ${(performance.now() - sent).toFixed(0)} ms after the signal (${((performance.now() - started) / 1000).toFixed(1)} s in all)`,
        );
      },
    );

    it('csv and tsv from the cursor, as PostgreSQL COPY writes them: NULL empty, "" for an empty string, quoting or backslash escapes; booleans true/false', async () => {
      const sql = "SELECT 1 AS n, NULL::text AS absent, '' AS empty, 'a,\"b' AS quoted, E'tab\\there\\nline\\\\' AS escaped";
      const csv = await masg(['sql', '--db', as('masg_reader'), '-o', 'csv', sql]);
      expect(csv).toEqual({ code: 0, stdout: 'n,absent,empty,quoted,escaped\n1,,"","a,""b","tab\there\nline\\"\n', stderr: '' });
      const tsv = await masg(['sql', '--db', as('masg_reader'), '-o', 'tsv', sql]);
      expect(tsv).toEqual({ code: 0, stdout: 'n\tabsent\tempty\tquoted\tescaped\n1\t\t\ta,"b\ttab\\there\\nline\\\\\n', stderr: '' });
      const bools = await masg([
        'sql',
        '--db',
        as('masg_reader'),
        '-o',
        'csv',
        'SELECT true AS yes, false AS no, NULL::boolean AS unknown',
      ]);
      expect(bools.stdout).toBe('yes,no,unknown\ntrue,false,\n');
    });

    it('--out: a csv file written by the writer, renamed into place; .parquet is exit 2 on PostgreSQL, before connecting', async () => {
      const dir = tempDir('masg-doors-out-');
      const csv = await masg(['sql', '--db', as('masg_reader'), '--out', join(dir, 'p.csv'), 'SELECT count(*) AS n FROM publisher_stats']);
      expect(csv).toEqual({ code: 0, stdout: '', stderr: `Wrote 1 row to ${join(dir, 'p.csv')}.\n` });
      expect(readFileSync(join(dir, 'p.csv'), 'utf8')).toBe('n\n40\n');
      const parquet = await masg(['sql', '--db', as('masg_reader'), '--out', join(dir, 'p.parquet'), 'SELECT 1']);
      expect(parquet.code).toBe(2);
      expect(parquet.stderr).toContain('.parquet files from a DuckDB warehouse only');
      expect(readdirSync(dir)).toEqual(['p.csv']);
    });
  },
);
