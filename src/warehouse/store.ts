// The warehouse's operations, written once for both databases over a SqlSession: schema, meta
// rows, state, the dimension snapshots, and one day replaced in one transaction with its state row.

import { LocalIOError, UsageError } from '../core/errors.js';
import {
  ALL_TABLES,
  createTableSql,
  DIMENSION_TABLES,
  META_TABLE,
  SCHEMA_VERSION,
  STATE_TABLE,
  STATS_TABLES,
  type Grain,
  type TableDef,
} from './schema.js';
import type { DayFile } from './day-files.js';
import { tablesReached } from './catalog.js';
import { duplicateKey, serviceDataError } from './load-errors.js';
import type { SqlSession, StagedFile } from './session.js';

export interface DayWrite {
  grain: Grain;
  date: string;
  /** The day was over when it was fetched; false for today, which the next run fetches again. */
  complete: boolean;
  /** The day's staging files, as each is complete. */
  files: AsyncIterable<DayFile>;
  /** The day's row counts, read once `files` has ended. */
  rows(): { publisher: number; campaign: number };
}

export type DimensionFiles = Record<keyof typeof DIMENSION_TABLES, StagedFile>;

const ADVISORY_LOCK = "hashtext('masg sync')";

export class WarehouseStore {
  constructor(readonly session: SqlSession) {}

  get label(): string {
    return this.session.label;
  }

  /** Tables and meta rows in one transaction: never masg's tables without its metadata. */
  async claim(meta: Record<string, string>): Promise<void> {
    await this.session.transaction(async () => {
      // One round trip for every table (no parameters, so both databases take several statements).
      await this.session.exec(ALL_TABLES.map((t) => createTableSql(t, this.session.dialect)).join(';\n'));
      await this.putMeta(meta);
    });
  }

  /**
   * Tables that masg's names reach, without masg's metadata, are someone else's: refused before
   * any write. The engine says what the names reach (catalog.ts), with its own case rules.
   */
  async refuseForeignTables(meta: Record<string, string>): Promise<void> {
    if (meta.account) return;
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

  /** One sync at a time: DuckDB locks its file; PostgreSQL gets a session advisory lock. */
  async lock(): Promise<void> {
    if (this.session.dialect !== 'postgres') return;
    const r = await this.session.query(`SELECT pg_try_advisory_lock(${ADVISORY_LOCK})`);
    if (r.rows[0]?.[0] === 'true' || r.rows[0]?.[0] === 't') return;
    throw new LocalIOError(`The warehouse ${this.label} is in use: another masg sync is running on it.`, {
      path: this.label,
      errno: 'EBUSY',
      hint: 'One sync writes a database at a time (a PostgreSQL advisory lock). Wait for the other one to finish, then run this again.',
    });
  }

  async readMeta(): Promise<Record<string, string>> {
    if (!(await this.hasTable(META_TABLE.name))) return {};
    const r = await this.session.query(`SELECT key, value FROM ${META_TABLE.name}`);
    return Object.fromEntries(r.rows.map(([k, v]) => [k ?? '', v ?? '']));
  }

  /** One account in one time zone: two would make `date` mean two things. */
  checkMeta(meta: Record<string, string>, want: { account: string; timezone: string }): void {
    if (meta.account && meta.account !== want.account) {
      throw new UsageError(`The warehouse ${this.label} holds the statistics of ${meta.account}, not of ${want.account}.`, {
        field: '--db',
        hint: 'Give each account its own database (--db or MASG_DB).',
      });
    }
    if (meta.timezone && meta.timezone !== want.timezone) {
      throw new UsageError(`The warehouse ${this.label} counts days in ${meta.timezone}; this run would use ${want.timezone}.`, {
        field: '--tz',
        hint: `Run with --tz ${meta.timezone}, or keep the other zone in another database.`,
      });
    }
    if (meta.schema && meta.schema !== SCHEMA_VERSION) {
      throw new LocalIOError(`The warehouse ${this.label} has schema version ${meta.schema}; this masg writes version ${SCHEMA_VERSION}.`, {
        path: this.label,
      });
    }
  }

  private async putMeta(entries: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(entries)) {
      await this.session.exec(`DELETE FROM ${META_TABLE.name} WHERE key = $1`, [key]);
      await this.session.exec(`INSERT INTO ${META_TABLE.name} (key, value) VALUES ($1, $2)`, [key, value]);
    }
  }

  /** The last day of this grain that was complete when fetched, and the first day held. */
  async dayState(grain: Grain): Promise<{ lastComplete?: string; first?: string }> {
    if (!(await this.hasTable(STATE_TABLE.name))) return {};
    const r = await this.session.query(
      `SELECT CAST(max(CASE WHEN complete THEN date END) AS VARCHAR), CAST(min(date) AS VARCHAR) FROM ${STATE_TABLE.name} WHERE grain = $1`,
      [grain],
    );
    const [last, first] = r.rows[0] ?? [];
    return { lastComplete: last ?? undefined, first: first ?? undefined };
  }

  /** Campaigns of the last snapshot (for --dry-run, which lists nothing from the service). */
  async knownCampaigns(): Promise<Array<{ id: string; advertiser: string }>> {
    if (!(await this.hasTable(DIMENSION_TABLES.campaigns.name))) return [];
    const r = await this.session.query(`SELECT id, advertiser FROM ${DIMENSION_TABLES.campaigns.name} ORDER BY advertiser, id`);
    return r.rows.map(([id, advertiser]) => ({ id: id ?? '', advertiser: advertiser ?? '' }));
  }

  /** The snapshots are replaced whole, all four in one transaction. */
  async replaceDimensions(files: DimensionFiles): Promise<void> {
    await this.session.transaction(async () => {
      for (const [name, file] of Object.entries(files) as Array<[keyof DimensionFiles, StagedFile]>) {
        const table = DIMENSION_TABLES[name];
        await this.session.exec(`DELETE FROM ${table.name}`);
        await this.session.load(table, [file]);
      }
    });
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
   * PostgreSQL's tables have their primary key.
   */
  private async checkKeys(table: TableDef, date: string): Promise<void> {
    const key = table.key.join(', ');
    const r = await this.session.query(
      `SELECT ${table.key.map((k) => `CAST(${k} AS VARCHAR)`).join(', ')} FROM ${table.name} ` +
        `WHERE date = CAST($1 AS DATE) GROUP BY ${key} HAVING count(*) > 1 LIMIT 1`,
      [date],
    );
    if (r.rows.length > 0) throw duplicateKey(table, date, r.rows[0].map((v) => v ?? '').join(', '));
  }

  /** The day's invariant, before its commit: the tables hold exactly the rows fetched for it. */
  private async checkHeld(w: DayWrite, fetched: { publisher: number; campaign: number }): Promise<void> {
    const tables = STATS_TABLES[w.grain];
    for (const kind of ['publisher', 'campaign'] as const) {
      const t = tables[kind];
      const r = await this.session.query(`SELECT count(*) FROM ${t.name} WHERE date = CAST($1 AS DATE)`, [w.date]);
      const held = Number(r.rows[0]?.[0] ?? 0);
      if (held !== fetched[kind]) {
        throw new LocalIOError(
          `The warehouse ${this.label} would hold ${held} rows of ${t.name} for ${w.date}, but ${fetched[kind]} were fetched: the day was not recorded.`,
          { path: this.label, hint: 'Run masg sync again; if it happens again, report it with --debug output.' },
        );
      }
    }
  }

  /** One day replaced (delete, loads, state row) in one transaction; a crash before COMMIT changes nothing. */
  async replaceDay(w: DayWrite, syncedAt: () => string): Promise<void> {
    const tables = STATS_TABLES[w.grain];
    await this.session.transaction(async () => {
      for (const t of [tables.publisher, tables.campaign])
        await this.session.exec(`DELETE FROM ${t.name} WHERE date = CAST($1 AS DATE)`, [w.date]);
      for await (const file of w.files) await this.load(tables[file.table], file, w.date);
      if (this.session.dialect === 'duckdb') for (const t of [tables.publisher, tables.campaign]) await this.checkKeys(t, w.date);
      const rows = w.rows();
      await this.checkHeld(w, rows);
      await this.session.exec(`DELETE FROM ${STATE_TABLE.name} WHERE grain = $1 AND date = CAST($2 AS DATE)`, [w.grain, w.date]);
      await this.session.exec(
        `INSERT INTO ${STATE_TABLE.name} (grain, date, complete, publisher_rows, campaign_rows, synced_at) ` +
          'VALUES ($1, CAST($2 AS DATE), CAST($3 AS BOOLEAN), CAST($4 AS BIGINT), CAST($5 AS BIGINT), CAST($6 AS TIMESTAMP))',
        [w.grain, w.date, String(w.complete), String(rows.publisher), String(rows.campaign), syncedAt()],
      );
    });
  }
}
