// The warehouse's operations, written once for both databases over a SqlSession: schema, meta
// rows, state, the dimension snapshots, and one day of one account replaced in one transaction
// with its state row. Every statement names its account: the accounts of one warehouse never
// touch each other's rows. One session serves every account of a run: its statements take turns
// (`exclusive`), each transaction whole, so accounts fetch at once and commit one after the other.

import { randomUUID } from 'node:crypto';
import { LocalIOError, UsageError } from '../core/errors.js';
import {
  ALL_TABLES,
  createTableSql,
  DIMENSION_TABLES,
  insertSql,
  META_TABLE,
  SCHEMA_VERSION,
  STATE_TABLE,
  STATS_TABLES,
  type Grain,
  type TableDef,
} from './schema.js';
import type { DayStep, DimensionFiles } from './day-files.js';
import { tablesReached } from './catalog.js';
import { duplicateKey, serviceDataError } from './load-errors.js';
import type { SqlSession, StagedFile } from './session.js';
import {
  DEFAULT_HOLD_CUT,
  HeldAnswer,
  recordHeld,
  settleRestatement,
  totalsIfHeld,
  type HeldDay,
  type RestatePolicy,
} from './restatements.js';

export interface DayWrite {
  /** The account's e-mail: the first column of every row written. */
  account: string;
  grain: Grain;
  date: string;
  /** The day was over when it was fetched; false for today, which the next run fetches again. */
  complete: boolean;
  /** The day's staging files as each is complete, withdrawals of broken reports, and (first day) the snapshots. */
  files: AsyncIterable<DayStep>;
  /** The day's row counts, read once `files` has ended. */
  rows(): { publisher: number; campaign: number };
  /** Several accounts share the session: the day's files are all in before its transaction opens, so no account waits on another's network. */
  wholeFirst?: boolean;
  /** How a changed day is judged (restatements.ts); without it, the defaults and a run of its own. */
  policy?: RestatePolicy;
}

/** A day written, or its new answer held (the day kept its rows; the ledger says so). */
export type DayOutcome = { kind: 'written' } | { kind: 'held'; held: HeldDay };

/** The state row's columns, in the order replaceDay gives their values. */
const STATE_COLUMNS = ['account', 'grain', 'date', 'complete', 'publisher_rows', 'campaign_rows', 'synced_at'];

/** The rows of one account's day: $1 the account, $2 the date. */
const OF_ACCOUNT_DAY = 'account = $1 AND date = CAST($2 AS DATE)';

/** The lock a schema change holds on PostgreSQL, so two hosts never create or upgrade the tables at once. */
export const SCHEMA_LOCK = "hashtext('masg sync schema')";

export class WarehouseStore {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(readonly session: SqlSession) {}

  /** `fn` alone on the session: statements of several accounts never interleave, nor enter another's transaction. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.turn.then(fn, fn);
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** One transaction, alone on the session. */
  transaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.exclusive(() => this.session.transaction(fn));
  }

  get label(): string {
    return this.session.label;
  }

  /** Tables and meta rows in one transaction: never masg's tables without its metadata. */
  async claim(): Promise<void> {
    await this.transaction(async () => {
      await this.schemaLock();
      // One round trip for every table (no parameters, so both databases take several statements).
      await this.session.exec(ALL_TABLES.map((t) => createTableSql(t, this.session.dialect)).join(';\n'));
      await this.putMeta({ schema: SCHEMA_VERSION });
    });
  }

  /** PostgreSQL: hosts that create or upgrade the tables at once take turns (released at the transaction's end). */
  async schemaLock(): Promise<void> {
    if (this.session.dialect === 'postgres') await this.session.exec(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
  }

  /**
   * Tables that masg's names reach, without masg's metadata, are someone else's: refused before
   * any write. The engine says what the names reach (catalog.ts), with its own case rules.
   */
  async refuseForeignTables(meta: Record<string, string>): Promise<void> {
    if (meta.schema) return;
    const reached = await tablesReached(
      this.session,
      ALL_TABLES.map((t) => t.name),
    );
    if (reached.size === 0) return;
    const found = [...reached.values()].sort();
    throw new UsageError(
      `The database ${this.label} already has tables named as masg's (${found.join(', ')}) but no masg metadata: masg sync did not create it, and it writes only into a warehouse it created. Nothing in it was changed.`,
      {
        field: '--db',
        hint:
          this.session.dialect === 'postgres'
            ? 'Point --db (or MASG_DB) at a database of its own for masg, e.g. CREATE DATABASE masg_stats, or at a schema of its own (?options=-csearch_path%3Dmasg).'
            : 'Point --db (or MASG_DB) at a new file for masg, e.g. --db ~/masg-stats.duckdb.',
      },
    );
  }

  /** Whether masg's name `name` reaches a table, as the engine resolves it. */
  async hasTable(name: string): Promise<boolean> {
    return (await tablesReached(this.session, [name])).has(name);
  }

  async readMeta(): Promise<Record<string, string>> {
    return this.exclusive(async () => {
      if (!(await this.hasTable(META_TABLE.name))) return {};
      const r = await this.session.query(`SELECT key, value FROM ${META_TABLE.name}`);
      return Object.fromEntries(r.rows.map(([k, v]) => [k ?? '', v ?? '']));
    });
  }

  /** A newer masg's warehouse is left alone; version 1 is upgraded (upgrade.ts) before this is asked. */
  checkVersion(meta: Record<string, string>): void {
    if (meta.schema && meta.schema !== SCHEMA_VERSION) {
      throw new LocalIOError(`The warehouse ${this.label} has schema version ${meta.schema}; this masg writes version ${SCHEMA_VERSION}.`, {
        path: this.label,
        hint: 'A newer masg wrote it: sync it with that version.',
      });
    }
  }

  async putMeta(entries: Record<string, string | undefined>): Promise<void> {
    for (const [key, value] of Object.entries(entries)) {
      await this.session.exec(`DELETE FROM ${META_TABLE.name} WHERE key = $1`, [key]);
      if (value !== undefined) await this.session.exec(`INSERT INTO ${META_TABLE.name} (key, value) VALUES ($1, $2)`, [key, value]);
    }
  }

  /** The account's last day of this grain that was complete when fetched, and its first day held. */
  async dayState(account: string, grain: Grain): Promise<{ lastComplete?: string; first?: string }> {
    if (!(await this.exclusive(() => this.hasTable(STATE_TABLE.name)))) return {};
    const r = await this.query(
      `SELECT CAST(max(CASE WHEN complete THEN date END) AS VARCHAR), CAST(min(date) AS VARCHAR) FROM ${STATE_TABLE.name} WHERE account = $1 AND grain = $2`,
      [account, grain],
    );
    const [last, first] = r.rows[0] ?? [];
    return { lastComplete: last ?? undefined, first: first ?? undefined };
  }

  /** Campaigns of the last snapshot (for --dry-run, which lists nothing from the service). */
  async knownCampaigns(account: string): Promise<Array<{ id: string; advertiser: string }>> {
    if (!(await this.exclusive(() => this.hasTable(DIMENSION_TABLES.campaigns.name)))) return [];
    const r = await this.query(`SELECT id, advertiser FROM ${DIMENSION_TABLES.campaigns.name} WHERE account = $1 ORDER BY advertiser, id`, [
      account,
    ]);
    return r.rows.map(([id, advertiser]) => ({ id: id ?? '', advertiser: advertiser ?? '' }));
  }

  /** One query, alone on the session. */
  query(sql: string, params?: string[]) {
    return this.exclusive(() => this.session.query(sql, params));
  }

  /** The account's snapshots replaced whole, all four, in the open transaction (the first day's, or its held answer's). */
  private async replaceSnapshots(account: string, files: DimensionFiles): Promise<void> {
    for (const [name, file] of Object.entries(files) as Array<[keyof DimensionFiles, StagedFile]>) {
      const table = DIMENSION_TABLES[name];
      await this.session.exec(`DELETE FROM ${table.name} WHERE account = $1`, [account]);
      await this.session.load(table, [file]);
    }
  }

  /** A refused value or key is the service's (exit 6, naming the day); anything else stays the database's. */
  private async load(table: TableDef, file: StagedFile, date: string): Promise<void> {
    try {
      await this.session.load(table, [file]);
    } catch (err) {
      throw serviceDataError(err, table, date) ?? err;
    }
  }

  /**
   * DuckDB: the day's keys are unique, checked in the day's transaction. A primary key would keep
   * it too, but its index made the bulk load 3× slower and grew with the table (docs/performance.md);
   * PostgreSQL's tables have their primary key. One scan compares the rows with their distinct key
   * hashes (a third of a GROUP BY's time on a 200,000-row day); only when they differ, a duplicate
   * or two keys of one hash, does the GROUP BY look for the duplicate itself.
   */
  private async checkKeys(table: TableDef, account: string, date: string): Promise<void> {
    const key = table.key.join(', ');
    const where = `WHERE ${OF_ACCOUNT_DAY}`;
    const unique = await this.session.query(`SELECT count(*) = count(DISTINCT hash(${key})) FROM ${table.name} ${where}`, [account, date]);
    if (unique.rows[0]?.[0] === 'true') return;
    const r = await this.session.query(
      `SELECT ${table.key.map((k) => `CAST(${k} AS VARCHAR)`).join(', ')} FROM ${table.name} ${where} GROUP BY ${key} HAVING count(*) > 1 LIMIT 1`,
      [account, date],
    );
    if (r.rows.length > 0) throw duplicateKey(table, date, r.rows[0].map((v) => v ?? '').join(', '));
  }

  /** The day's invariant, before its commit: the tables hold exactly the rows fetched for it. */
  private async checkHeld(w: DayWrite, fetched: { publisher: number; campaign: number }): Promise<void> {
    const tables = STATS_TABLES[w.grain];
    for (const kind of ['publisher', 'campaign'] as const) {
      const t = tables[kind];
      const r = await this.session.query(`SELECT count(*) FROM ${t.name} WHERE account = $1 AND date = CAST($2 AS DATE)`, [
        w.account,
        w.date,
      ]);
      const held = Number(r.rows[0]?.[0] ?? 0);
      if (held !== fetched[kind]) {
        throw new LocalIOError(
          `The warehouse ${this.label} would hold ${held} rows of ${t.name} for ${w.account} on ${w.date}, but ${fetched[kind]} were fetched: the day was not recorded.`,
          { path: this.label, hint: 'Run masg sync again; if it happens again, report it with --debug output.' },
        );
      }
    }
  }

  /** A broken report's parts, loaded in this transaction: its piece's rows go before it is read again. */
  private async withdraw(table: TableDef, w: DayWrite, hour: string | undefined): Promise<void> {
    const params = [w.account, w.date, ...(hour === undefined ? [] : [hour])];
    const ofHour = hour === undefined ? '' : ' AND hour = CAST($3 AS INTEGER)';
    await this.session.exec(`DELETE FROM ${table.name} WHERE ${OF_ACCOUNT_DAY}${ofHour}`, params);
  }

  /**
   * One day of one account replaced (delete, loads, state row) in one transaction, the snapshots
   * with the first; a crash before COMMIT changes nothing. A day held before is totalled before
   * and after: a change goes into the ledger in this transaction, and a suspicious one rolls the
   * day back and is written down as held (restatements.ts), the snapshots with it: they are the
   * run's, not the day's, so a held first day never keeps them from the warehouse.
   */
  async replaceDay(w: DayWrite, syncedAt: () => string): Promise<DayOutcome> {
    const tables = STATS_TABLES[w.grain];
    const policy = w.policy ?? { holdCut: DEFAULT_HOLD_CUT, accept: new Set<string>(), runId: randomUUID() };
    let files: AsyncIterable<DayStep> | Iterable<DayStep> = w.files;
    if (w.wholeFirst) {
      const all: DayStep[] = [];
      for await (const file of w.files) all.push(file);
      files = all;
    }
    let snapshot: DimensionFiles | undefined;
    try {
      await this.transaction(async () => {
        const before = await totalsIfHeld(this.session, w);
        for (const t of [tables.publisher, tables.campaign])
          await this.session.exec(`DELETE FROM ${t.name} WHERE ${OF_ACCOUNT_DAY}`, [w.account, w.date]);
        for await (const step of files) {
          if (step.kind === 'file') await this.load(tables[step.table], step, w.date);
          else if (step.kind === 'withdraw') await this.withdraw(tables[step.table], w, step.hour);
          else await this.replaceSnapshots(w.account, (snapshot = step.files));
        }
        if (this.session.dialect === 'duckdb')
          for (const t of [tables.publisher, tables.campaign]) await this.checkKeys(t, w.account, w.date);
        const rows = w.rows();
        await this.checkHeld(w, rows);
        if (before) await settleRestatement(this.session, w, before, policy, syncedAt());
        await this.session.exec(`DELETE FROM ${STATE_TABLE.name} WHERE ${OF_ACCOUNT_DAY} AND grain = $3`, [w.account, w.date, w.grain]);
        await this.session.exec(insertSql(STATE_TABLE, STATE_COLUMNS, this.session.dialect), [
          w.account,
          w.grain,
          w.date,
          String(w.complete),
          String(rows.publisher),
          String(rows.campaign),
          syncedAt(),
        ]);
      });
    } catch (err) {
      if (!(err instanceof HeldAnswer)) throw err;
      const { held } = err;
      await this.transaction(async () => {
        if (snapshot) await this.replaceSnapshots(w.account, snapshot);
        await recordHeld(this.session, held, { runId: policy.runId, seenAt: syncedAt() });
        await policy.pause?.('held');
      });
      return { kind: 'held', held };
    }
    return { kind: 'written' };
  }
}
