// The read-only promise of `masg sql` on DuckDB, as a class: every kind of statement that can write
// a file, read one outside the warehouse, load code or change the database is run by the built
// binary without --write. Each is refused (exit 2) or harmless (exit 0): either way the warehouse
// is byte for byte the same, no WAL appears beside it, and nothing is written in the folder the
// statements aim at. Most refusals are DuckDB's own (READ_ONLY, external access off, locked
// configuration); COPY and EXPORT are masg's, because DuckDB lets them write its own files.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { runMasgSync, spawnMasg } from '../helpers/binary.js';

const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)));

let db: string;
let outside: string;
let home: string;
/** HOME and the XDG folders at `dir`, which the test then checks is still empty. */
const homeAt = (dir: string) => ({ HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir });
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const listing = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

beforeAll(async () => {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const dir = tempDir('masg-ro-');
  db = join(dir, 'w.duckdb');
  const instance = await DuckDBInstance.create(db);
  const conn = await instance.connect();
  await conn.run('CREATE TABLE publisher_stats AS SELECT i AS requests, i / 4 AS earnings FROM range(100) t(i)');
  await conn.run('CHECKPOINT');
  conn.closeSync();
  instance.closeSync();
  // DuckDB's temporary folder, allowed to it, present as after a query that spilled.
  mkdirSync(`${db}.tmp`);
  outside = tempDir('masg-ro-outside-');
  writeFileSync(join(outside, 'secret.csv'), 'a,b\n1,2\n');
  mkdirSync(join(outside, 'export'));
  home = tempDir('masg-ro-home-');
});
afterAll(() => removeTempDirs());

type Verdict = 'refused' | 'harmless';
const at = (name: string) => join(outside, name);

// [statement, what it tries, verdict]
const CASES: Array<[string, () => string, Verdict]> = [
  ['COPY onto the warehouse', () => `COPY (SELECT 42 AS x) TO '${db}' (FORMAT csv)`, 'refused'],
  ['COPY onto the warehouse, no temporary file', () => `COPY (SELECT 42 AS x) TO '${db}' (FORMAT csv, USE_TMP_FILE false)`, 'refused'],
  ['COPY onto the WAL', () => `COPY (SELECT 42 AS x) TO '${db}.wal' (FORMAT csv, USE_TMP_FILE false)`, 'refused'],
  ['COPY to a file', () => `COPY publisher_stats TO '${at('t.csv')}'`, 'refused'],
  ['COPY partitioned', () => `COPY publisher_stats TO '${at('p')}' (FORMAT parquet, PARTITION_BY requests)`, 'refused'],
  ['COPY FROM a file', () => `COPY publisher_stats FROM '${at('secret.csv')}'`, 'refused'],
  ['EXPORT DATABASE', () => `EXPORT DATABASE '${at('export')}'`, 'refused'],
  ['IMPORT DATABASE', () => `IMPORT DATABASE '${at('export')}'`, 'refused'],
  ['ATTACH a new file', () => `ATTACH '${at('new.duckdb')}' AS other`, 'refused'],
  ['ATTACH in memory', () => "ATTACH ':memory:' AS scratch", 'refused'],
  ['ATTACH the warehouse again, read-write', () => `ATTACH '${db}' AS again (READ_WRITE)`, 'refused'],
  ['ATTACH the warehouse again', () => `ATTACH '${db}' AS again`, 'harmless'],
  ['DETACH', () => 'DETACH w', 'refused'],
  ['INSTALL', () => 'INSTALL sqlite', 'refused'],
  ['FORCE INSTALL', () => 'FORCE INSTALL httpfs', 'refused'],
  ['LOAD an extension', () => 'LOAD sqlite', 'refused'],
  ['LOAD a file', () => `LOAD '${at('evil.duckdb_extension')}'`, 'refused'],
  ['UPDATE EXTENSIONS', () => 'UPDATE EXTENSIONS', 'refused'],
  ['SET access_mode', () => "SET access_mode = 'READ_WRITE'", 'refused'],
  ['SET enable_external_access', () => 'SET enable_external_access = true', 'refused'],
  ['RESET lock_configuration', () => 'RESET lock_configuration', 'refused'],
  ['SET GLOBAL lock_configuration', () => 'SET GLOBAL lock_configuration = false', 'refused'],
  ['SET allowed_directories', () => "SET allowed_directories = ['/']", 'refused'],
  ['SET temp_directory', () => `SET temp_directory = '${outside}'`, 'refused'],
  ['SET profiling_output', () => `SET profiling_output = '${at('profile.json')}'`, 'refused'],
  ['PRAGMA memory_limit', () => "PRAGMA memory_limit = '1TB'", 'refused'],
  ['PRAGMA enable_profiling', () => 'PRAGMA enable_profiling', 'harmless'],
  ['logging to files', () => `CALL enable_logging(storage = 'file', storage_path = '${at('log')}')`, 'refused'],
  ['CREATE SECRET', () => "CREATE SECRET s (TYPE s3, KEY_ID 'a', SECRET 'b')", 'refused'],
  ['CREATE PERSISTENT SECRET', () => "CREATE PERSISTENT SECRET s (TYPE s3, KEY_ID 'a', SECRET 'b')", 'refused'],
  ['CHECKPOINT', () => 'CHECKPOINT', 'harmless'],
  ['FORCE CHECKPOINT', () => 'FORCE CHECKPOINT', 'harmless'],
  ['VACUUM', () => 'VACUUM', 'harmless'],
  ['ANALYZE', () => 'ANALYZE', 'harmless'],
  ['INSERT', () => 'INSERT INTO publisher_stats VALUES (1, 1)', 'refused'],
  ['UPDATE', () => 'UPDATE publisher_stats SET requests = 0', 'refused'],
  ['DELETE', () => 'DELETE FROM publisher_stats', 'refused'],
  ['TRUNCATE', () => 'TRUNCATE publisher_stats', 'refused'],
  ['CREATE TABLE', () => 'CREATE TABLE copy AS SELECT * FROM publisher_stats', 'refused'],
  ['CREATE VIEW', () => 'CREATE VIEW v AS SELECT 1', 'refused'],
  ['CREATE MACRO', () => 'CREATE MACRO m(a) AS a', 'refused'],
  ['CREATE INDEX', () => 'CREATE INDEX i ON publisher_stats (requests)', 'refused'],
  ['ALTER TABLE', () => 'ALTER TABLE publisher_stats ADD COLUMN z INT', 'refused'],
  ['DROP TABLE', () => 'DROP TABLE publisher_stats', 'refused'],
  ['COMMENT ON', () => "COMMENT ON TABLE publisher_stats IS 'x'", 'refused'],
  ['CREATE TEMP TABLE', () => 'CREATE TEMP TABLE scratch AS SELECT 1', 'harmless'],
  ['read_text outside', () => `SELECT * FROM read_text('${at('secret.csv')}')`, 'refused'],
  ['read_csv outside', () => `SELECT * FROM read_csv('${at('secret.csv')}')`, 'refused'],
  ['read_blob outside', () => `SELECT * FROM read_blob('${at('secret.csv')}')`, 'refused'],
  ['a file as a table', () => `SELECT * FROM '${at('secret.csv')}'`, 'refused'],
  ['glob', () => `SELECT * FROM glob('${outside}/*')`, 'refused'],
  ['sniff_csv', () => `SELECT * FROM sniff_csv('${at('secret.csv')}')`, 'refused'],
  // DuckDB allows its temporary folder (w.duckdb.tmp/): a way out of it through .. is not one.
  [
    'read outside through the temporary folder',
    () => `SELECT * FROM read_blob('${db}.tmp/../../${outside.split('/').pop()}/secret.csv')`,
    'refused',
  ],
  ['COPY outside through the temporary folder', () => `COPY (SELECT 1) TO '${db}.tmp/../x.csv' (USE_TMP_FILE false)`, 'refused'],
];

describe.skipIf(!BUILT)('masg sql without --write on DuckDB: refused or harmless, never a change', () => {
  it.each(CASES)('%s', (_name, statement, verdict) => {
    const before = sha(db);
    const files = listing(outside);
    const run = runMasgSync(['sql', '--db', db, '-o', 'csv', statement()], { env: homeAt(home) });
    if (verdict === 'refused') {
      expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 2, stdout: '' });
      expect(run.stderr).toMatch(/read-only|outside the warehouse|The query failed/);
    } else {
      expect([0, 2]).toContain(run.status);
    }
    expect(sha(db)).toBe(before);
    expect(existsSync(`${db}.wal`)).toBe(false);
    expect(readdirSync(`${db}.tmp`)).toEqual([]);
    expect(listing(outside)).toEqual(files);
    expect(readdirSync(home)).toEqual([]);
  });

  it('--out onto the warehouse or its WAL, by any path, is exit 2 before anything runs', () => {
    const dir = join(db, '..');
    const link = join(tempDir('masg-ro-link-'), 'link.csv');
    spawnSync('ln', ['-s', db, link]);
    const linkedFolder = join(tempDir('masg-ro-link-'), 'folder');
    spawnSync('ln', ['-s', dir, linkedFolder]);
    for (const out of [db, `${dir}/../${dir.split('/').pop()}/w.duckdb`, `${db}.wal`, link, join(linkedFolder, 'w.duckdb')]) {
      const before = sha(db);
      const run = runMasgSync(['sql', '--db', db, '--out', out, 'SELECT 42 AS x']);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/is the warehouse/);
      expect(sha(db)).toBe(before);
    }
  });

  // A statement that would run for hours: if the signal did not reach DuckDB, the test's time-out fails it.
  it.each([
    ['SIGINT', ['-o', 'csv']],
    ['SIGTERM', ['-o', 'tsv']],
    ['SIGINT', ['-o', 'json']],
    ['SIGTERM', ['--out', 'big.parquet']],
  ] as const)('%s during %j: DuckDB is interrupted, exit 130, no file left', async (signal, flags) => {
    const dir = tempDir('masg-ro-signal-');
    const args = flags.map((f) => (f.startsWith('big.') ? join(dir, f) : f));
    // A TMPDIR of its own: nothing of masg's may be left there.
    const tmp = tempDir('masg-ro-tmp-');
    const run = spawnMasg(['sql', '--db', db, ...args, 'SELECT sum(i * i) AS s FROM range(100000000000) t(i)'], {
      env: { ...homeAt(home), TMPDIR: tmp },
    });
    // Signalled once DuckDB is at work (the process has been running for a while).
    setTimeout(() => run.child.kill(signal), 1500);
    expect(await run.exited).toBe(130);
    expect(run.stdout()).toBe('');
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
