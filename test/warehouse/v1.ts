// A warehouse as the version-1 release wrote it (one account, no `account` column), made from the
// version-1 DDL kept in fixtures/ and the real rows of a sandbox sync; and what a warehouse holds,
// read as version 1 saw it, to compare before and after an upgrade (or a kill -9 during one).
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { openSession, type SqlSession } from '../../src/warehouse/session.js';
import { resolveTarget } from '../../src/warehouse/target.js';
import { ALL_TABLES, columnSqlType, META_TABLE, SCHEMA_VERSION } from '../../src/warehouse/schema.js';

/** Version 1's tables (every table of version 2 had its columns, but for `account`), meta aside. */
export const V1_TABLES = ALL_TABLES.filter(
  (t) => !['masg_sync_accounts', 'masg_sync_locks', 'masg_sync_restatements', META_TABLE.name].includes(t.name),
);
const columnsV1 = (t: (typeof ALL_TABLES)[number]) => t.columns.filter((c) => c.name !== 'account');

export function open(db: string, readOnly = false): Promise<SqlSession> {
  return openSession(resolveTarget(db, {}), { readOnly, create: !readOnly });
}

/**
 * `to` (new) made a version-1 warehouse of `account` holding the rows `from` (a version-2
 * warehouse synced with today's code) holds for it.
 */
export async function makeV1(from: string, to: string, account: string, timezone: string): Promise<void> {
  const [src, dst] = [await open(from, true), await open(to)];
  try {
    const ddl = readFileSync(new URL(`fixtures/schema-v1.${dst.dialect}.sql`, import.meta.url), 'utf8');
    await dst.transaction(async () => {
      for (const statement of ddl
        .replace(/^--.*$/gm, '')
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await dst.exec(statement);
      for (const t of V1_TABLES) {
        const cols = columnsV1(t);
        const rows = await src.query(
          `SELECT ${cols.map((c) => `CAST(${c.name} AS VARCHAR)`).join(', ')} FROM ${t.name} WHERE account = $1`,
          [account],
        );
        const values = cols.map((c, i) => `CAST($${i + 1} AS ${columnSqlType(c, dst.dialect)})`).join(', ');
        for (const row of rows.rows)
          await dst.exec(`INSERT INTO ${t.name} (${cols.map((c) => c.name).join(', ')}) VALUES (${values})`, row as string[]);
      }
      for (const [key, value] of [
        ['account', account],
        ['timezone', timezone],
        ['schema', '1'],
      ])
        await dst.exec(`INSERT INTO ${META_TABLE.name} (key, value) VALUES ($1, $2)`, [key, value]);
    });
  } finally {
    await src.close();
    await dst.close();
  }
}

export interface Held {
  schema: string;
  /** Per version-1 table: its rows (version 1's columns), sorted. */
  rows: Record<string, string[]>;
  /** Every `account` value in the version-2 tables ([] in version 1). */
  accounts: string[];
  /** Tables an unfinished upgrade would leave (…__v2): must never be seen. */
  leftovers: string[];
  /** Whether each version-1 table has an `account` column: all or none, never a mix. */
  withAccount: boolean[];
}

export async function held(db: string): Promise<Held> {
  const s = await open(db, true);
  try {
    const meta = Object.fromEntries((await s.query(`SELECT key, value FROM ${META_TABLE.name}`)).rows.map(([k, v]) => [k, v]));
    const tables = await s.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema IN ('main', 'public') ORDER BY table_name",
    );
    const names = tables.rows.map((r) => r[0] ?? '');
    const rows: Record<string, string[]> = {};
    const withAccount: boolean[] = [];
    const accounts = new Set<string>();
    for (const t of V1_TABLES) {
      const cols = await s.query('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [t.name]);
      const has = cols.rows.some((r) => r[0] === 'account');
      withAccount.push(has);
      // synced_at aside: a sync after the upgrade writes the days it fetches again anew.
      const list = columnsV1(t)
        .filter((c) => c.name !== 'synced_at')
        .map((c) => `CAST(${c.name} AS VARCHAR)`);
      const r = await s.query(`SELECT ${list.join(', ')}${has ? ', account' : ''} FROM ${t.name}`);
      rows[t.name] = r.rows.map((row) => JSON.stringify(row.slice(0, list.length))).sort();
      if (has) for (const row of r.rows) accounts.add(row[list.length] ?? '');
    }
    return { schema: meta.schema ?? '', rows, accounts: [...accounts], leftovers: names.filter((n) => n.endsWith('__v2')), withAccount };
  } finally {
    await s.close();
  }
}

/** Version 1 whole, or version 2 whole with every row of version 1 and its account: never a mix. */
export function expectWhole(now: Held, before: Held, account: string): void {
  expect(now.leftovers).toEqual([]);
  expect(now.rows).toEqual(before.rows);
  if (now.schema === '1') expect(now.withAccount.every((b) => !b)).toBe(true);
  else {
    expect(now.schema).toBe(SCHEMA_VERSION);
    expect(now.withAccount.every((b) => b)).toBe(true);
    expect(now.accounts).toEqual([account]);
  }
}
