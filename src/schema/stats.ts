// The figures of each statistics report in fixed column order, for stats/rows.ts, the SDK's types and the warehouse.
import type { Column } from './column.js';

export interface StatsFieldDef {
  column: Omit<Column, 'key'> & { type: NonNullable<Column['type']> };
  /** Kept in the warehouse's statistics table (derived ratios are not: SQL computes them). */
  warehouse?: boolean;
}

type StatsFields = Readonly<Record<string, StatsFieldDef>>;

export const PUBLISHER_STATS_FIELDS = {
  requests: { column: { type: 'int', priority: 2 }, warehouse: true },
  impressions: { column: { type: 'int', priority: 1 }, warehouse: true },
  clicks: { column: { type: 'int', priority: 1 }, warehouse: true },
  earnings: { column: { type: 'decimal', priority: 1 }, warehouse: true },
  currency: { column: { type: 'string', priority: 3 }, warehouse: true },
} as const satisfies StatsFields;

export const CAMPAIGN_STATS_FIELDS = {
  impressions: { column: { type: 'int', priority: 1 }, warehouse: true },
  clicks: { column: { type: 'int', priority: 1 }, warehouse: true },
  conversions: { column: { type: 'int', priority: 1 }, warehouse: true },
  conversionsPercent: { column: { type: 'decimal', priority: 3 } },
  ctr: { column: { type: 'decimal', priority: 2 } },
  ecpm: { column: { type: 'decimal', priority: 3 } },
  costPerConversion: { column: { type: 'decimal', priority: 3 } },
  spend: { column: { type: 'decimal', priority: 1 }, warehouse: true },
  currency: { column: { type: 'string', priority: 3 }, warehouse: true },
} as const satisfies StatsFields;

export function statsValueColumns(fields: StatsFields): Column[] {
  return Object.entries(fields).map(([key, f]) => ({ key, ...f.column }));
}

/** The figures of a record as the SDK types them: every one the exact string the service wrote. */
export type StatsValues<F extends StatsFields> = { -readonly [K in keyof F]: string };

export type PublisherStatsValues = StatsValues<typeof PUBLISHER_STATS_FIELDS>;
export type CampaignStatsValues = StatsValues<typeof CAMPAIGN_STATS_FIELDS>;
