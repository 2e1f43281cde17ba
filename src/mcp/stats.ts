// The three statistics tools: the dates checked and resolved by the stats commands' own
// planRange (same words, same zone rules), the same SDK lists run by runReport, every row
// summed exactly by TotalsAccumulator. Rows are grouped as asked, sorted, and cut at the limit;
// what was cut is summed too, so the totals never depend on the limit. Sums are per currency
// (each row's own): two currencies are never added up. Values are typed as `-o json` types them.
import * as z from 'zod';
import { UsageError } from '../core/errors.js';
import { CAMPAIGN_STATS_FIELDS, PUBLISHER_STATS_FIELDS, statsValueColumns } from '../schema/stats.js';
import { stampDay, stampLabel } from '../time/dates.js';
import { TotalsAccumulator } from '../stats/totals.js';
import { statsColumns } from '../stats/rows.js';
import type { Column } from '../schema/column.js';
import { resolveId } from '../command-kit/resolve-id.js';
import { planRange } from '../commands/stats/export.js';
import { runReport, type ReportSpec } from '../commands/stats/report.js';
import { lookUpNames, type NameTable } from '../commands/stats/names.js';
import type { MasgClient } from '../sdk/types.js';
import type { Context } from '../context.js';
import { CurrencyTotals } from './currency.js';
import { asJson, compareBy } from './stats-rows.js';
import { answer } from './results.js';
import { renderStats } from './stats-text.js';
import { accountParam, dateParams, DEFAULT_ROWS, defineTool, figureRow, limitParam, MAX_ROWS, READ, type ToolSpec } from './tool.js';

type Kind = ReportSpec['kind'];
type GroupBy = 'publication' | 'adslot' | 'country' | 'day';

const KEYS: Record<GroupBy, string[]> = {
  publication: ['publication', 'publicationName'],
  adslot: ['adslot', 'adslotName', 'publication', 'publicationName'],
  country: ['country'],
  day: ['date'],
};
const GROUP_KEY: Record<GroupBy, string> = { publication: 'publication', adslot: 'adslot', country: 'country', day: 'date' };

export interface StatsArgs {
  account?: string;
  date?: string;
  from?: string;
  to?: string;
  id?: string;
  groupBy?: GroupBy;
  sort?: string;
  limit?: number;
}

interface Target {
  kind: 'publication' | 'adslot' | 'campaign';
  label: string;
}

const valueColumns = (kind: Kind) => statsValueColumns(kind === 'campaign' ? CAMPAIGN_STATS_FIELDS : PUBLISHER_STATS_FIELDS);

/** The whole report of one call: resolved range, totals, sorted groups cut at the limit. */
export async function statsReport(ctx: Context, kind: Kind, args: StatsArgs, target: Target | undefined) {
  const groupBy = args.groupBy ?? (kind === 'publisher' ? 'publication' : 'day');
  const columns = valueColumns(kind);
  const sort = args.sort ?? (groupBy === 'day' ? 'date' : kind === 'campaign' ? 'spend' : 'earnings');
  if (sort !== 'date' && !columns.some((c) => c.key === sort && c.type !== 'string'))
    throw new UsageError(`sort: "${sort}" is not a figure of this report.`, {
      field: 'sort',
      hint: `Sort by ${columns
        .filter((c) => c.type !== 'string')
        .map((c) => c.key)
        .join(', ')}${groupBy === 'day' ? ' or date' : ''}.`,
    });
  const flags = { date: args.date, from: args.from, to: args.to, interval: groupBy === 'day' ? 'day' : 'total' };
  const { interval, concurrency, tz, range, pieces } = await planRange(ctx, flags);
  const id = target === undefined ? undefined : await resolveId(ctx, target.kind, args.id!, target.label);
  const sdk = await ctx.sdk();
  const level = groupBy === 'adslot' ? 'adslot' : 'publication';
  const byCountry = groupBy === 'country';
  const spec: ReportSpec = {
    kind,
    interval,
    pieces,
    fetch: (piece) =>
      fetchPiece(sdk, kind, { from: piece.start, to: piece.end, ...(tz !== undefined && { timeZone: tz }) }, id, level, byCountry),
    ids: target === undefined ? {} : { [target.kind]: id },
  };
  // Names only where rows carry IDs; a failed lookup leaves them blank, as the CLI does.
  const wantNames = kind !== 'publisher' || groupBy === 'publication' || groupBy === 'adslot';
  const names = wantNames ? lookUpNames(sdk, { kind, level, id }).catch(() => undefined) : Promise.resolve(undefined);
  const { all, rows } = await groupRows(spec, groupBy, columns, { concurrency, signal: ctx.io.signal }, names);
  rows.sort(compareBy(sort));
  const limit = args.limit ?? DEFAULT_ROWS;
  const typed = asJson(statsColumns(kind, { interval, level, byCountry, names: true }));
  const shown = rows.slice(0, limit).map(typed);
  const cut = cutOf(rows, limit, columns, `${groupBy} rows by ${sort}`, target?.kind ?? 'publication', typed);
  const creds = await ctx.credentials();
  const currencies = all.currencies();
  const totals = all.single();
  return {
    account: creds.profile,
    zone: tz ?? null,
    days: {
      from: stampDay(range.start),
      to: stampDay(range.end),
      firstHour: stampLabel(range.start),
      lastHour: stampLabel(range.end),
      note: range.clippedFrom
        ? `The range ends at the current hour (${stampLabel(range.end)}), not ${stampLabel(range.clippedFrom)}.`
        : null,
    },
    groupBy,
    sort,
    currency: currencies.length === 1 ? currencies[0] : null,
    totals: totals === null ? null : typed(totals),
    totalsByCurrency: all.byCurrency().map(typed),
    groups: rows.length,
    returned: shown.length,
    rows: shown,
    cut,
  };
}

/** Every row summed into the totals and into its group's; the groups' rows with names beside IDs. */
async function groupRows(
  spec: ReportSpec,
  groupBy: GroupBy,
  columns: Column[],
  run: { concurrency: number; signal: AbortSignal },
  names: Promise<NameTable | undefined>,
) {
  const all = new CurrencyTotals(columns);
  // The one publication, ad slot or campaign asked for stays in each row, as in the command's.
  const keyNames = [...KEYS[groupBy], ...(groupBy === 'day' || groupBy === 'country' ? Object.keys(spec.ids) : [])];
  const groups = new Map<string, { keys: Record<string, string>; sum: TotalsAccumulator }>();
  await runReport(
    spec,
    (row) => {
      all.add(row);
      // A group is one currency's: a day of EUR and USD rows is two rows, never one sum.
      const key = `${row[GROUP_KEY[groupBy]] ?? ''}\u0000${row.currency ?? ''}`;
      let group = groups.get(key);
      if (group === undefined) {
        const keys: Record<string, string> = {};
        for (const k of keyNames) if (row[k] !== undefined) keys[k] = row[k];
        groups.set(key, (group = { keys, sum: new TotalsAccumulator(columns) }));
      }
      group.sum.add(row);
    },
    run,
  );
  const table = await names;
  const rows = [...groups.values()].map((g) => {
    const row: Record<string, string> = { ...g.keys, ...(g.sum.totals() as Record<string, string>) };
    for (const [key, byId] of table ?? []) if (row[key] !== undefined) row[`${key}Name`] = byId.get(row[key]) ?? '';
    return row;
  });
  return { all, rows };
}

/** What the limit left out: how many, their totals, and how to narrow the request. */
function cutOf(
  rows: Array<Record<string, string>>,
  limit: number,
  columns: Column[],
  what: string,
  one: string,
  typed: (row: Record<string, string>) => Record<string, string | null>,
) {
  if (rows.length <= limit) return null;
  const rest = new CurrencyTotals(columns);
  for (const row of rows.slice(limit)) rest.add(row);
  const single = rest.single();
  return {
    omittedRows: rows.length - limit,
    omittedTotals: single === null ? null : typed(single),
    omittedByCurrency: rest.byCurrency().map(typed),
    how: `Showing the first ${limit} of ${rows.length} ${what}. Raise limit (up to ${MAX_ROWS}), narrow the dates, or ask for one ${one} with id.`,
  };
}

function fetchPiece(
  sdk: MasgClient,
  kind: Kind,
  range: { from: string; to: string; timeZone?: string },
  id: string | undefined,
  level: 'publication' | 'adslot',
  byCountry: boolean,
) {
  if (kind === 'campaign') return sdk.campaignStats(id!, range);
  if (kind === 'adslot') return sdk.adSlotStats(id!, { ...range, byCountry });
  return sdk.publicationStats({ ...range, level, byCountry, publication: id });
}

const statsOutput = z.object({
  account: z.string(),
  zone: z.string().nullable().describe("The account's IANA zone the days are in."),
  days: z.object({ from: z.string(), to: z.string(), firstHour: z.string(), lastHour: z.string(), note: z.string().nullable() }),
  groupBy: z.string(),
  sort: z.string(),
  currency: z.string().nullable().describe("The rows' currency; null when they have several."),
  totals: figureRow.nullable().describe('Sums of every row, cut or not; ratios recomputed from the sums. null with several currencies.'),
  totalsByCurrency: z.array(figureRow).describe('The same sums per currency: money is never added across currencies.'),
  groups: z.number().int().describe('How many rows there are in all.'),
  returned: z.number().int(),
  rows: z.array(figureRow),
  cut: z
    .object({ omittedRows: z.number().int(), omittedTotals: figureRow.nullable(), omittedByCurrency: z.array(figureRow), how: z.string() })
    .nullable()
    .describe('null when every row is here; else the sums of the rows left out and how to narrow the request.'),
});

const MONEY = 'Figures are exact decimal strings in the currency of each row (never summed across currencies).';

function statsTool(
  name: string,
  title: string,
  kind: Kind,
  about: string,
  groupBys: [GroupBy, ...GroupBy[]],
  target?: Target & { idText: string },
): ToolSpec {
  const sorts = valueColumns(kind)
    .filter((c) => c.type !== 'string')
    .map((c) => c.key);
  return defineTool({
    name,
    title,
    description: `${about} Totals of the whole range first, then one row per ${groupBys.join(' or ')}, sorted, at most ${MAX_ROWS}. ${MONEY}`,
    input: z.object({
      account: accountParam,
      ...dateParams,
      id: target
        ? z.string().describe(target.idText)
        : z.string().optional().describe('Only this publication: its ID or first 4+ characters.'),
      groupBy: z
        .enum(groupBys)
        .optional()
        .describe(`One row per ${groupBys.join(', ')} (default ${kind === 'publisher' ? 'publication' : 'day'}).`),
      sort: z
        .string()
        .optional()
        .describe(`Sort descending by ${sorts.join(', ')}, or by date (ascending, the default for groupBy day).`),
      limit: limitParam,
    }),
    output: statsOutput,
    annotations: READ,
    async run(args, call) {
      const ctx = await call.context(args.account);
      const report = await statsReport(
        ctx,
        kind,
        args,
        target ?? (args.id === undefined ? undefined : { kind: 'publication', label: '[id]' }),
      );
      return answer(report, renderStats(title, report));
    },
  });
}

export const statsTools: ToolSpec[] = [
  statsTool('publisher_stats', 'Publisher statistics', 'publisher', 'Requests, impressions, clicks and earnings of the publications.', [
    'publication',
    'adslot',
    'country',
    'day',
  ]),
  statsTool(
    'ad_slot_stats',
    'Ad slot statistics',
    'adslot',
    'Requests, impressions, clicks and earnings of one ad slot.',
    ['day', 'country'],
    {
      kind: 'adslot',
      label: '<id>',
      idText: 'The ad slot: its ID or first 4+ characters (see list_ad_slots).',
    },
  ),
  statsTool(
    'campaign_stats',
    'Campaign statistics',
    'campaign',
    'Impressions, clicks, conversions, CTR, eCPM and spend of one campaign.',
    ['day'],
    {
      kind: 'campaign',
      label: '<id>',
      idText: 'The campaign: its ID or first 4+ characters (see list_campaigns).',
    },
  ),
];
