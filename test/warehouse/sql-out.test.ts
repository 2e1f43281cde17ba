// `masg sql --out`'s format rule and DuckDB's budget from the environment: plain functions, so
// every case is cheap; the binary's behaviour is in sql.test.ts and e2e/sql-readonly.test.ts.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { duckdbResourceConfig, duckdbResources } from '../../src/warehouse/duckdb-settings.js';
import { refuseWarehouseOut, sqlOutFormat } from '../../src/warehouse/sql-out.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';

afterAll(() => removeTempDirs());

describe('sqlOutFormat', () => {
  it.each([
    ['stats.csv', 'csv'],
    ['STATS.TSV', 'tsv'],
    ['a/b.c/stats.json', 'json'],
    ['stats.ndjson', 'ndjson'],
    ['stats.jsonl', 'ndjson'],
    ['stats.parquet', 'parquet'],
  ])('%s is %s', (path, format) => {
    expect(sqlOutFormat(path, undefined)).toBe(format);
  });

  it.each([
    ['stats.xlsx', 'the extension .xlsx is not one masg writes'],
    ['stats', '"stats" has no extension'],
    ['dir.csv/stats', '"dir.csv/stats" has no extension'],
    ['w.duckdb', 'the extension .duckdb'],
  ])('%s is exit 2 naming the extension and the known ones', (path, message) => {
    const err = (() => {
      try {
        sqlOutFormat(path, undefined);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).message).toContain(message);
    expect((err as UsageError).hint).toBe('Name the file with one of .csv, .tsv, .json, .ndjson, .jsonl, .parquet.');
  });

  it('-o agreeing with the extension is fine; -o naming another format is exit 2', () => {
    expect(sqlOutFormat('x.csv', 'csv')).toBe('csv');
    expect(() => sqlOutFormat('x.csv', 'json')).toThrow(/x.csv is csv by its extension, and -o asks for json/);
    expect(() => sqlOutFormat('x.csv', 'table')).toThrow(UsageError);
  });
});

describe('refuseWarehouseOut', () => {
  const dir = tempDir('masg-sqlout-');
  const db = join(dir, 'w.duckdb');
  writeFileSync(db, 'db');
  mkdirSync(join(dir, 'sub'));
  const link = join(dir, 'link.csv');
  symlinkSync(db, link);

  it.each([db, join(dir, 'sub', '..', 'w.duckdb'), `${db}.wal`, `${db}.wal.checkpoint`, link])(
    '%s is the warehouse: exit 2',
    async (out) => {
      await expect(refuseWarehouseOut(out, db)).rejects.toThrow(/is the warehouse/);
    },
  );

  it('another file, also one named like it elsewhere, is fine', async () => {
    await expect(refuseWarehouseOut(join(dir, 'sub', 'w.duckdb'), db)).resolves.toBeUndefined();
    await expect(refuseWarehouseOut(join(dir, 'w.csv'), db)).resolves.toBeUndefined();
  });
});

describe('duckdbResources', () => {
  it('defaults: 128MB and the cores, at most 4', () => {
    const r = duckdbResources({});
    expect(r.memoryLimit).toBe('128MB');
    expect(r.threads).toBeGreaterThanOrEqual(1);
    expect(r.threads).toBeLessThanOrEqual(4);
  });

  it('from the environment, as DuckDB reads them', () => {
    expect(duckdbResourceConfig({ MASG_DUCKDB_MEMORY_LIMIT: ' 2 GB ', MASG_DUCKDB_THREADS: '3' })).toEqual({
      memory_limit: '2GB',
      threads: '3',
    });
    expect(duckdbResources({ MASG_DUCKDB_MEMORY_LIMIT: '512MiB' }).memoryLimit).toBe('512MiB');
  });

  it.each([
    [{ MASG_DUCKDB_MEMORY_LIMIT: 'lots' }, /MASG_DUCKDB_MEMORY_LIMIT: "lots" is not an amount of memory/],
    [{ MASG_DUCKDB_MEMORY_LIMIT: '100' }, /MASG_DUCKDB_MEMORY_LIMIT/],
    [{ MASG_DUCKDB_THREADS: '0' }, /MASG_DUCKDB_THREADS: "0" is not a number of threads/],
    [{ MASG_DUCKDB_THREADS: '2.5' }, /MASG_DUCKDB_THREADS/],
  ])('%o is a configuration error (exit 3)', (env, message) => {
    expect(() => duckdbResources(env)).toThrow(UsageError);
    expect(() => duckdbResources(env)).toThrow(message);
  });
});
