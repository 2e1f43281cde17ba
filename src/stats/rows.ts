// Statistics records as output rows, with one fixed column order per report kind so that a cron
// export's header never depends on the data (docs/statistics.md: `date,publication,adslot,country,
// requests,impressions,clicks,earnings,currency`). Only the columns that apply to the query are
// present: `adslot` at level adslot or for slot stats, `country` with --by-country, `date`/`hour`
// with --interval day/hour.

import type { Column, Row } from '../schema/column.js';
import { CAMPAIGN_STATS_FIELDS, PUBLISHER_STATS_FIELDS, statsValueColumns } from '../schema/stats.js';
import type { Interval } from './intervals.js';

/** One record as the statistics parser (src/api/stats-stream.ts) hands it over: text figures by field. */
export type StatsRecord = { [field: string]: string | undefined };
type StatsLevel = 'publication' | 'adslot';

/** `publisher`: pub stats; `adslot`: slot stats; `campaign`: campaign stats. */
export type StatsKind = 'publisher' | 'adslot' | 'campaign';

export interface StatsColumnOptions {
  level?: StatsLevel;
  byCountry?: boolean;
  interval?: Interval;
  /**
   * Add a name column beside each ID column (`publicationName`, `adslotName`, `campaignName`).
   * Tables show them; machine formats only when --fields asks, so an export's header never changes.
   */
  names?: boolean;
}

/** The name column that goes beside each ID column. */
export const NAME_COLUMNS = { publication: 'publicationName', adslot: 'adslotName', campaign: 'campaignName' } as const;
export const NAME_KEYS: readonly string[] = Object.values(NAME_COLUMNS);

// `priority` only matters to a table wider than the terminal (src/output/fit.ts): the period,
// the IDs and the key figures stay (1), the currency (one per service) and derived ratios go first (3).
type Priority = Column['priority'];
const str = (key: string, priority: Priority = 2): Column => ({ key, type: 'string', priority });
// Free text, kept as long as the IDs and key figures: a narrow table cuts them with … (src/output/fit.ts).
const name = (key: string, names: string): Column => ({ key, type: 'string', priority: 1, wrap: true, names });

// The figures of each report, in order, with their types and priorities: src/schema/stats.ts.
const PUBLISHER_VALUES: readonly Column[] = statsValueColumns(PUBLISHER_STATS_FIELDS);
const CAMPAIGN_VALUES: readonly Column[] = statsValueColumns(CAMPAIGN_STATS_FIELDS);

/**
 * The columns of a report, in their fixed order. Slot stats have no `publication` column: the
 * ad slot endpoint does not say which publication the slot belongs to.
 */
export function statsColumns(kind: StatsKind, opts: StatsColumnOptions = {}): Column[] {
  const cols: Column[] = [];
  if (opts.interval === 'day') cols.push(str('date', 1));
  if (opts.interval === 'hour') cols.push(str('hour', 1));
  const id = (key: keyof typeof NAME_COLUMNS) => {
    cols.push(str(key, 1));
    if (opts.names) cols.push(name(NAME_COLUMNS[key], key));
  };
  if (kind === 'campaign') {
    id('campaign');
    return [...cols, ...CAMPAIGN_VALUES];
  }
  if (kind === 'publisher') id('publication');
  if (kind === 'adslot' || opts.level === 'adslot') id('adslot');
  if (opts.byCountry) cols.push(str('country', 1));
  return [...cols, ...PUBLISHER_VALUES];
}

export interface RowContext {
  /** With `intervalLabel`, names the column it goes to: `hour` for 'hour', else `date`. */
  interval?: Interval;
  /** The interval's label (`YYYY-MM-DD` or `YYYY-MM-DDTHH`, from splitRange). */
  intervalLabel?: string;
  /** IDs from the query, for endpoints whose body omits that level. */
  publication?: string;
  adslot?: string;
  campaign?: string;
}

/** The single currency of the service (spec §1.7): the value when a body leaves it out. */
export const DEFAULT_CURRENCY = 'USD';

/**
 * A record as a row: every value as sent; IDs the body left out come from the query. The row
 * carries every known key; the columns choose which ones are printed.
 */
export function toRow(record: StatsRecord, ctx: RowContext = {}): Row {
  // The record becomes the row (the parser hands each record over once and keeps no reference):
  // no copy per record on 200,000-row exports.
  const row = record as Record<string, string | undefined>;
  if (ctx.intervalLabel !== undefined) row[ctx.interval === 'hour' ? 'hour' : 'date'] = ctx.intervalLabel;
  if (!record.publication && ctx.publication !== undefined) row.publication = ctx.publication;
  if (!record.adslot && ctx.adslot !== undefined) row.adslot = ctx.adslot;
  if (!record.campaign && ctx.campaign !== undefined) row.campaign = ctx.campaign;
  row.currency = record.currency || DEFAULT_CURRENCY;
  return row;
}

/**
 * The row for an interval without data (the service sends no record at all then): counts 0,
 * money 0.00, and the ratios empty, since 0/0 has no value (the totals row recomputes them).
 */
export function zeroRow(kind: StatsKind, ctx: RowContext & { country?: string } = {}): Row {
  const record: StatsRecord =
    kind === 'campaign'
      ? { impressions: '0', clicks: '0', conversions: '0', conversionsPercent: '', ctr: '', ecpm: '', costPerConversion: '', spend: '0.00' }
      : { requests: '0', impressions: '0', clicks: '0', earnings: '0.00' };
  if (ctx.country !== undefined) record.country = ctx.country;
  return toRow(record, ctx);
}
