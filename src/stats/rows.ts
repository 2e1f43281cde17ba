// Statistics records as output rows, one fixed column order per report kind, so a cron export's header never depends
// on the data; only the columns that apply to the query (level, --by-country, --interval) are present.

import type { Column, Row } from '../schema/column.js';
import { CAMPAIGN_STATS_FIELDS, PUBLISHER_STATS_FIELDS, statsValueColumns } from '../schema/stats.js';
import type { Interval } from '../time/intervals.js';

/** One record as the statistics parser (src/endpoints/stats-stream.ts) hands it over: text figures by field. */
export type StatsRecord = { [field: string]: string | undefined };
type StatsLevel = 'publication' | 'adslot';

export type StatsKind = 'publisher' | 'adslot' | 'campaign';

export interface StatsColumnOptions {
  level?: StatsLevel;
  byCountry?: boolean;
  interval?: Interval;
  /** Name columns beside the IDs: tables show them, machine formats only when --fields asks (an export's header is fixed). */
  names?: boolean;
}

export const NAME_COLUMNS = { publication: 'publicationName', adslot: 'adslotName', campaign: 'campaignName' } as const;
export const NAME_KEYS: readonly string[] = Object.values(NAME_COLUMNS);

// `priority` matters only to a table wider than the terminal (output/fit.ts): currency and ratios go first.
type Priority = Column['priority'];
const str = (key: string, priority: Priority = 2): Column => ({ key, type: 'string', priority });
const name = (key: string, names: string): Column => ({ key, type: 'string', priority: 1, wrap: true, names });

const PUBLISHER_VALUES: readonly Column[] = statsValueColumns(PUBLISHER_STATS_FIELDS);
const CAMPAIGN_VALUES: readonly Column[] = statsValueColumns(CAMPAIGN_STATS_FIELDS);

/** The columns of a report in their fixed order; slot stats have no `publication`: the endpoint does not say it. */
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
  interval?: Interval;
  intervalLabel?: string;
  publication?: string;
  adslot?: string;
  campaign?: string;
}

/** The service's single currency: the value when a body leaves it out. */
export const DEFAULT_CURRENCY = 'USD';

/** A record as a row: every value as sent; IDs the body left out come from the query. */
export function toRow(record: StatsRecord, ctx: RowContext = {}): Row {
  // The record becomes the row (the parser keeps no reference): no copy per record on 200,000-row exports.
  const row = record as Record<string, string | undefined>;
  if (ctx.intervalLabel !== undefined) row[ctx.interval === 'hour' ? 'hour' : 'date'] = ctx.intervalLabel;
  if (!record.publication && ctx.publication !== undefined) row.publication = ctx.publication;
  if (!record.adslot && ctx.adslot !== undefined) row.adslot = ctx.adslot;
  if (!record.campaign && ctx.campaign !== undefined) row.campaign = ctx.campaign;
  row.currency = record.currency || DEFAULT_CURRENCY;
  return row;
}

/** The row for an interval without data (no record is sent): counts 0, money 0.00, ratios empty (0/0 has no value). */
export function zeroRow(kind: StatsKind, ctx: RowContext & { country?: string } = {}): Row {
  const record: StatsRecord =
    kind === 'campaign'
      ? { impressions: '0', clicks: '0', conversions: '0', conversionsPercent: '', ctr: '', ecpm: '', costPerConversion: '', spend: '0.00' }
      : { requests: '0', impressions: '0', clicks: '0', earnings: '0.00' };
  if (ctx.country !== undefined) record.country = ctx.country;
  return toRow(record, ctx);
}
