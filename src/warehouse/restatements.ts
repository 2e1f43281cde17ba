// The restatement ledger (masg_sync_restatements, docs/warehouse.md): a day fetched again with
// other figures than the warehouse held is written down, side by side (publisher, campaign), in the
// day's own transaction, so the ledger and the day never disagree. An answer that would empty a
// day that held rows, or cut its impressions or its money by more than the hold threshold, is
// suspicious: the day keeps its rows and the answer is written down as `held` (store.ts rolls the
// day back and calls recordHeld), until `masg sync --accept-restated DAY` takes it (`accepted`).

import { PartialError } from '../core/errors.js';
import { counted } from '../core/plural.js';
import { insertSql, RESTATEMENTS_TABLE, STATE_TABLE, STATS_TABLES, type Grain } from './schema.js';
import type { SqlSession } from './sql-session.js';

type Side = 'publisher' | 'campaign';
const SIDES: readonly Side[] = ['publisher', 'campaign'];

/** A side's figures, as the engine sums them (exact text); `money` is earnings or spend. */
const FIGURES: Record<Side, readonly string[]> = {
  publisher: ['requests', 'impressions', 'clicks', 'earnings'],
  campaign: ['impressions', 'clicks', 'conversions', 'spend'],
};
const MONEY: Record<Side, string> = { publisher: 'earnings', campaign: 'spend' };

/** One side's totals of one day: `rows` and each of its figures. */
type SideTotals = Record<string, string>;
type DayTotals = Record<Side, SideTotals>;

/** The default hold threshold, in per cent (docs/warehouse.md). */
export const DEFAULT_HOLD_CUT = 50;

/** What a run decides with: the threshold, the days the user accepts, the run's id. */
export interface RestatePolicy {
  /** Per cent: impressions or money cut by more than this holds the day. */
  holdCut: number;
  accept: ReadonlySet<string>;
  runId: string;
  /** Called at each step of a restated day's write (the kill -9 tests pause there: MASG_TEST_RESTATE_PAUSE). */
  pause?: (step: 'loaded' | 'ledger' | 'held') => Promise<void>;
}

/** A day whose new answer was held: its sides before and after. */
export interface HeldDay {
  account: string;
  grain: Grain;
  date: string;
  before: DayTotals;
  after: DayTotals;
  /** Why it was held (suspicion()): a side emptied, or a figure cut past the threshold. */
  reason: string;
}

/** Thrown inside the day's transaction to roll it back when its answer is held (store.ts records it after). */
export class HeldAnswer extends Error {
  constructor(readonly held: HeldDay) {
    super(`held: ${held.date}`);
  }
}

type DayOf = { account: string; grain: Grain; date: string };

/** The day's totals before its rows are replaced, when the warehouse held it (its state row); else undefined. */
export async function totalsIfHeld(session: SqlSession, w: DayOf): Promise<DayTotals | undefined> {
  const r = await session.query(`SELECT count(*) FROM ${STATE_TABLE.name} WHERE account = $1 AND date = CAST($2 AS DATE) AND grain = $3`, [
    w.account,
    w.date,
    w.grain,
  ]);
  return Number(r.rows[0]?.[0] ?? 0) > 0 ? dayTotals(session, w.grain, w.account, w.date) : undefined;
}

/**
 * In the day's transaction, its new rows loaded: the answer held (thrown: the transaction rolls
 * back) when it is suspicious and not accepted, else the change written into the ledger.
 */
export async function settleRestatement(session: SqlSession, w: DayOf, before: DayTotals, policy: RestatePolicy, seenAt: string) {
  const after = await dayTotals(session, w.grain, w.account, w.date);
  const accepted = policy.accept.has(w.date);
  const reason = accepted ? undefined : suspicion(before, after, policy.holdCut);
  if (reason !== undefined) throw new HeldAnswer({ account: w.account, grain: w.grain, date: w.date, before, after, reason });
  const changed = changedSides(before, after).length > 0;
  if (changed) await policy.pause?.('loaded');
  await recordApplied(session, w, { before, after }, { runId: policy.runId, seenAt, accepted });
  if (changed) await policy.pause?.('ledger');
}

/** The account's day as the tables hold it (0 for a side without rows). */
async function dayTotals(session: SqlSession, grain: Grain, account: string, date: string): Promise<DayTotals> {
  const out = {} as DayTotals;
  for (const side of SIDES) {
    const sums = FIGURES[side].map((f) => `CAST(coalesce(sum(${f}), 0) AS VARCHAR)`);
    const r = await session.query(
      `SELECT CAST(count(*) AS VARCHAR), ${sums.join(', ')} FROM ${STATS_TABLES[grain][side].name} WHERE account = $1 AND date = CAST($2 AS DATE)`,
      [account, date],
    );
    const row = r.rows[0] ?? [];
    out[side] = Object.fromEntries(['rows', ...FIGURES[side]].map((f, i) => [f, normal(row[i] ?? '0')]));
  }
  return out;
}

/** `12.50` and `12.5`, `-0.00` and `0`: one text per amount, so equal figures compare equal. */
function normal(v: string): string {
  const n = /^-?\d+(\.\d+)?$/.test(v) ? v.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : v;
  return n === '-0' ? '0' : n;
}

function changedSides(before: DayTotals, after: DayTotals): Side[] {
  return SIDES.filter((s) => ['rows', ...FIGURES[s]].some((f) => before[s][f] !== after[s][f]));
}

/** Why the answer is held, or undefined: a side emptied, or its impressions or money cut past the threshold. */
function suspicion(before: DayTotals, after: DayTotals, holdCut: number): string | undefined {
  for (const side of SIDES) {
    const [b, a] = [before[side], after[side]];
    if (Number(b.rows) > 0 && Number(a.rows) === 0) return `its ${side} rows would be emptied`;
    for (const f of ['impressions', MONEY[side]]) {
      const [x, y] = [Number(b[f]), Number(a[f])];
      if (x > 0 && (x - y) / x > holdCut / 100) return `its ${side} ${f} would fall by ${percent((y - x) / x)}`;
    }
  }
  return undefined;
}

const percent = (r: number) => `${(Math.abs(r) * 100).toFixed(1)} %`;

const LEDGER = RESTATEMENTS_TABLE.name;
const OF_DAY = 'account = $1 AND grain = $2 AND date = CAST($3 AS DATE)';

/** The ledger's columns for one side: its own figures, the other side's NULL. */
function ledgerValues(side: Side, before: SideTotals, after: SideTotals): { names: string[]; values: string[] } {
  const names: string[] = [];
  const values: string[] = [];
  for (const f of ['rows', ...FIGURES[side]]) {
    names.push(`before_${f}`, `after_${f}`);
    values.push(before[f] ?? '0', after[f] ?? '0');
  }
  return { names, values };
}

async function insertRow(
  session: SqlSession,
  day: { account: string; grain: Grain; date: string },
  side: Side,
  status: 'applied' | 'held' | 'accepted',
  totals: { before: DayTotals; after: DayTotals },
  run: { runId: string; seenAt: string },
): Promise<void> {
  const { names, values } = ledgerValues(side, totals.before[side], totals.after[side]);
  const fixed = ['account', 'grain', 'date', 'side', 'status', 'seen_at', 'run_id'];
  const params = [day.account, day.grain, day.date, side, status, run.seenAt, run.runId, ...values];
  await session.exec(insertSql(RESTATEMENTS_TABLE, [...fixed, ...names], session.dialect), params);
}

/**
 * In the day's transaction, its new rows loaded: a held answer of the day is no longer pending
 * (the day now holds what the service says), and a change is written as applied or accepted.
 */
async function recordApplied(
  session: SqlSession,
  day: { account: string; grain: Grain; date: string },
  totals: { before: DayTotals; after: DayTotals },
  run: { runId: string; seenAt: string; accepted: boolean },
): Promise<void> {
  await session.exec(`DELETE FROM ${LEDGER} WHERE ${OF_DAY} AND status = 'held'`, [day.account, day.grain, day.date]);
  for (const side of changedSides(totals.before, totals.after))
    await insertRow(session, day, side, run.accepted ? 'accepted' : 'applied', totals, run);
}

/**
 * A held answer, in a transaction of its own after the day's rolled back: the same answer held
 * again writes nothing, another replaces the one held before. A crash before its commit leaves the
 * day as it was and no held row: the next run holds it again.
 */
export async function recordHeld(session: SqlSession, held: HeldDay, run: { runId: string; seenAt: string }): Promise<void> {
  const params = [held.account, held.grain, held.date];
  const sides = changedSides(held.before, held.after);
  const all = [...new Set(SIDES.flatMap((s) => ['rows', ...FIGURES[s]]))];
  const pending = await session.query(
    `SELECT side, ${all.map((f) => `CAST(after_${f} AS VARCHAR)`).join(', ')} FROM ${LEDGER} WHERE ${OF_DAY} AND status = 'held'`,
    params,
  );
  const same =
    pending.rows.length === sides.length &&
    sides.every((s) => {
      const row = pending.rows.find((r) => r[0] === s);
      return row !== undefined && ['rows', ...FIGURES[s]].every((f) => normal(row[1 + all.indexOf(f)] ?? '') === held.after[s][f]);
    });
  if (same) return;
  await session.exec(`DELETE FROM ${LEDGER} WHERE ${OF_DAY} AND status = 'held'`, params);
  for (const side of sides) await insertRow(session, held, side, 'held', held, run);
}

/** One side's totals as a sentence part: `impressions 57997 → 0, earnings 120.50 → 0`. */
function describeChange(before: SideTotals, after: SideTotals, side: Side): string {
  return ['rows', ...FIGURES[side]]
    .filter((f) => before[f] !== after[f])
    .map((f) => `${f} ${before[f]} → ${after[f]}`)
    .join(', ');
}

/** The run's end when days were held: exit 8 (partial: the other days were applied), each day named with why and how to take it. */
export function heldError(account: string, held: readonly HeldDay[], holdCut: number): PartialError {
  const lines = held.map(
    (d) =>
      `  ${d.date} (${d.grain}): ` +
      SIDES.filter((s) => changedSides(d.before, d.after).includes(s))
        .map((s) => `${s} ${describeChange(d.before[s], d.after[s], s)}`)
        .join('; ') +
      ` (held: ${d.reason})`,
  );
  const days = held.map((d) => d.date).join(',');
  return new PartialError(
    `masg sync: ${counted(held.length, 'days')} of ${account} held, not applied: the service's new answer would empty ` +
      `the day or cut its impressions or money by more than ${holdCut} %. The warehouse keeps the rows it had; every other day was synced.\n${lines.join('\n')}`,
    { hint: `If the new figures are right, take them: masg sync --accept-restated ${days}` },
  );
}
