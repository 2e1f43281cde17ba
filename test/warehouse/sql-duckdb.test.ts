// masg sql on a DuckDB file: read-only whatever the text says (the file's bytes unchanged), one
// statement at a time, never a database created, never an extension installed, and the exit
// codes: 2 for the statement's failures, 7 for the database's and for an --out file that
// cannot be written (full disk, file-size limit), naming it and leaving the old file intact.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir, type Harness } from '../commands/harness.js';
import { runMasgSync } from '../helpers/binary.js';
import { canMount, fill, removeMounts, skipReason, tmpfs } from '../helpers/fs-faults.js';
import { duckPath, scalar, startWarehouseHarness } from './helpers.js';

const BUILT = existsSync(fileURLToPath(new URL('../../dist/cli.js', import.meta.url)));

let h: Harness;
let db: string;
beforeAll(async () => {
  h = await startWarehouseHarness();
  db = duckPath();
  expect((await h.masg(['sync', '--db', db, '--from', '-4d', '--to', '-2d', '--tz', 'America/New_York'])).code).toBe(0);
}, 60_000);
afterAll(async () => {
  await h.close();
  removeMounts();
  removeTempDirs();
});

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('masg sql on DuckDB: read-only without --write', () => {
  it.each([
    ['BEGIN TRANSACTION; DELETE FROM campaign_stats; COMMIT', /one at a time/],
    ['COMMIT; DELETE FROM campaign_stats', /one at a time/],
    ['DELETE FROM campaign_stats', /read-only/],
    ['UPDATE masg_sync_days SET campaign_rows = 0', /read-only/],
    ['CREATE TABLE copy AS SELECT * FROM campaigns', /read-only/],
    ["SET access_mode = 'READ_WRITE'", /read-only/],
    ['SET autoinstall_known_extensions = true', /read-only/],
    ['RESET lock_configuration', /read-only/],
    [`ATTACH '${join(tempDir('masg-attach-'), 'new.duckdb')}' AS other`, /outside the warehouse/],
    ['INSTALL sqlite', /outside the warehouse/],
    ['LOAD sqlite', /outside the warehouse/],
    ["SELECT * FROM sqlite_scan('x.db', 't')", /sqlite_scan/],
  ])('%s is exit 2 and the file is unchanged', async (sql, message) => {
    const before = sha(db);
    const run = await h.masg(['sql', '--db', db, sql]);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(message);
    if (/read-only/.test(run.stderr)) expect(run.stderr).toContain('Add --write');
    expect(run.stderr.trim().split('\n').length).toBeLessThanOrEqual(3);
    expect(sha(db)).toBe(before);
  });

  it('--write changes the database; a mistyped path is exit 7 and nothing is created, with --write too', async () => {
    const copy = join(tempDir('masg-write-'), 'stats.duckdb');
    copyFileSync(db, copy);
    expect((await h.masg(['sql', '--db', copy, '--write', 'DELETE FROM campaign_stats'])).code).toBe(0);
    expect(await scalar(h, copy, 'SELECT count(*) FROM campaign_stats')).toBe('0');
    for (const write of [[], ['--write']]) {
      const missing = join(tempDir('masg-none-'), 'stast.duckdb');
      const run = await h.masg(['sql', '--db', missing, ...write, 'SELECT 1']);
      expect(run.code).toBe(7);
      expect(run.stderr).toContain(`There is no warehouse at ${missing}`);
      expect(run.stderr).toContain('masg sync');
      expect(existsSync(missing)).toBe(false);
    }
  });

  // Nothing is fetched because DuckDB is opened with autoinstall and autoload off (its settings, not a timing).
  it('a SQLite file or any other foreign file is exit 7, with nothing installed', async () => {
    const dir = tempDir('masg-foreign-');
    const sqlite = join(dir, 'stats.sqlite');
    // The first bytes are all DuckDB looks at to call it a SQLite file.
    writeFileSync(sqlite, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4080)]));
    const junk = join(dir, 'junk.duckdb');
    writeFileSync(junk, 'not a database at all\n'.repeat(300));
    for (const file of [sqlite, junk]) {
      const run = await h.masg(['sql', '--db', file, 'SELECT 1']);
      expect(run.code).toBe(7);
      expect(run.stderr).toContain(`Cannot open the warehouse ${file}: it is not a DuckDB database file.`);
      expect(run.stderr).not.toMatch(/INSTALL|download|http/i);
    }
  });
});

describe('masg sql on DuckDB: errors', () => {
  it.each([
    ["SELECT CAST('x' AS INTEGER)", "The query failed: Conversion Error: Could not convert string 'x' to INT32"],
    ["SELECT error('boom')", 'The query failed: Invalid Input Error: boom'],
    ['SELEC 1', 'The query failed: Parser Error: syntax error at or near "SELEC"'],
    ['SELECT nope FROM campaigns', 'The query failed: Binder Error: Referenced column "nope" not found in FROM clause!'],
  ])('%s: exit 2 with the database message, trimmed to one line', async (sql, message) => {
    const run = await h.masg(['sql', '--db', db, '-o', 'csv', sql]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toContain(message);
    expect(run.stderr).not.toContain('LINE 1');
  });

  it('a text without any statement is exit 2', async () => {
    for (const sql of [' -- only a comment', ';']) {
      const run = await h.masg(['sql', '--db', db, sql]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('The query holds no statement');
    }
  });

  it('a failure after many rows were streamed is exit 2 with its message, never a cut result with exit 0', async () => {
    const sql = "SELECT CASE WHEN i = 250000 THEN error('late boom') ELSE i END AS n FROM range(300000) t(i)";
    const run = await h.masg(['sql', '--db', db, '-o', 'csv', sql]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('The query failed: Invalid Input Error: late boom');
    expect(run.stderr).toMatch(/The output is incomplete: it stopped after [\d,]+ rows/);
    const out = join(tempDir('masg-cut-'), 'cut.csv');
    const file = await h.masg(['sql', '--db', db, '--out', out, sql]);
    expect(file.code).toBe(2);
    expect(existsSync(out)).toBe(false);
    const whole = await h.masg(['sql', '--db', db, '-o', 'csv', '--no-header', 'SELECT i FROM range(300000) t(i)']);
    expect(whole.code).toBe(0);
    expect(whole.stdout.split('\n').length).toBe(300001);
  });

  it('Ctrl-C mid-stream: exit 130 and --out never appears', async () => {
    const out = join(tempDir('masg-ctrlc-'), 'big.csv');
    const controller = new AbortController();
    const running = h.masg(['sql', '--db', db, '--out', out, 'SELECT i FROM range(50000000) t(i)'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const run = await running;
    expect(run.code).toBe(130);
    expect(readdirSync(join(out, '..'))).toEqual([]);
    expect((await h.masg(['sql', '--db', db, '-o', 'csv', '--no-header', 'SELECT 1'])).stdout).toBe('1\n');
  });

  it('a failure while the rows are read: exit 2; --out is not written', async () => {
    const sql = "SELECT CASE WHEN i < 50000 THEN i::VARCHAR ELSE error('late') END AS n FROM range(60000) t(i)";
    const run = await h.masg(['sql', '--db', db, '-o', 'csv', sql]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('late');
    const out = join(tempDir('masg-late-'), 'late.csv');
    const file = await h.masg(['sql', '--db', db, '--out', out, sql]);
    expect(file.code).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(join(out, '..'))).toEqual([]);
  });

  it('every row of a large result arrives, in order, in every format', async () => {
    const sql = 'SELECT i AS n, (i / 100)::DECIMAL(18,2) AS amount FROM range(30000) t(i) ORDER BY i';
    const csv = await h.masg(['sql', '--db', db, '-o', 'csv', sql]);
    const lines = csv.stdout.trim().split('\n');
    expect(lines.length).toBe(30001);
    expect(lines[30000]).toBe('29999,299.99');
    const ndjson = await h.masg(['sql', '--db', db, '-o', 'ndjson', sql]);
    expect(ndjson.stdout.trim().split('\n').length).toBe(30000);
    const json = await h.masg(['sql', '--db', db, '-o', 'json', sql]);
    expect((JSON.parse(json.stdout) as unknown[]).length).toBe(30000);
  });
});

describe.skipIf(!canMount)(`masg sql --out onto a full disk${canMount ? '' : ` (skipped: ${skipReason})`}`, () => {
  it('exit 7 naming the file; the old file is intact and no temporary file is left', async () => {
    const disk = tmpfs(256);
    const out = join(disk.dir, 'result.csv');
    writeFileSync(out, 'old,content\n');
    const run = await h.masg(['sql', '--db', db, '--out', out, "SELECT i, repeat('x', 100) AS pad FROM range(20000) t(i)"]);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(`Cannot write ${out}: no space left on the device (ENOSPC)`);
    expect(readFileSync(out, 'utf8')).toBe('old,content\n');
    expect(readdirSync(disk.dir)).toEqual(['result.csv']);
  });

  it('exit 7 when the disk is already full before the first row', async () => {
    const disk = tmpfs(64);
    fill(join(disk.dir, 'filler'));
    const run = await h.masg(['sql', '--db', db, '--out', join(disk.dir, 'r.csv'), 'SELECT 1 AS n']);
    expect(run.code).toBe(7);
    expect(run.stderr).toContain(join(disk.dir, 'r.csv'));
  });
});

describe.skipIf(!BUILT)('masg sql --out under a file-size limit (ulimit -f)', () => {
  it('exit 7 naming the file, the old file intact', () => {
    const dir = tempDir('masg-ulimit-');
    const out = join(dir, 'result.csv');
    writeFileSync(out, 'old,content\n');
    const sql = "SELECT i, repeat('x', 100) AS pad FROM range(20000) t(i)";
    const run = runMasgSync(['sql', '--db', db, '--out', out, sql], {
      via: ['bash', '-c', 'ulimit -f 200; exec "$0" "$@"'],
      env: { HOME: dir },
    });
    expect(run.status).toBe(7);
    expect(run.stderr).toContain(`Cannot write ${out}`);
    expect(run.stderr).toContain('EFBIG');
    expect(readFileSync(out, 'utf8')).toBe('old,content\n');
    expect(readdirSync(dir)).toEqual(['result.csv']);
  });
});
