// The common run of a statistics command: dates → pieces → one SDK list per piece → rows,
// every flag checked before anything is sent.
import type { StatsRecord } from '../../endpoints/stats-shapes.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { checkDateFlags, type DateRange, parseDateRange, stampDay, stampLabel } from '../../time/dates.js';
import { type Interval, splitRange } from '../../time/intervals.js';
import { DEFAULT_CONCURRENCY } from '../../core/pool.js';
import type { AnyCallOptions, CallOptions, ListAnswer, MasgClient, StatsList } from '../../sdk/types.js';
import { NAME_KEYS, statsColumns, type StatsColumnOptions, type StatsKind } from '../../stats/rows.js';
import { type IdKind, resolveId } from '../../command-kit/resolve-id.js';
import { accountTimeZone } from '../../time/zone.js';
import { INTERVALS } from '../../schema/enums.js';
import { oneOf } from '../../schema/rules.js';
import type { CommandResult } from '../../command-kit/define.js';
import { checkOutTemplate, expandOut, outFile } from '../../command-kit/out-file.js';
import { outputPort } from '../../command-kit/output-port.js';
import { sdkCall } from '../../command-kit/raw.js';
import type { StatsFlags } from './options.js';
import type { ReportSpec } from './report.js';
import { addNames, lookUpNames } from './names.js';
import { selectColumns } from '../../output/columns.js';
import { drawReport, writeReport } from './report.js';

export interface PieceRange {
  from: string;
  to: string;
  timeZone?: string;
}

export interface StatsPlan {
  kind: StatsKind;
  columnOptions: Omit<StatsColumnOptions, 'interval' | 'names'>;
  target?: { kind: IdKind & keyof ReportSpec['ids']; raw: string; label: string };
  /** The report's SDK call for one piece: its records, its raw answer or its dry run, by `mode`. */
  call: <O extends AnyCallOptions = CallOptions>(
    sdk: MasgClient,
    range: PieceRange,
    id: string | undefined,
    mode?: O,
  ) => ListAnswer<O, StatsList<StatsRecord>>;
}

export async function planRange(ctx: Context, flags: StatsFlags) {
  const interval = oneOf<Interval>('--interval', flags.interval ?? 'total', INTERVALS);
  const concurrency = flags.concurrency ?? DEFAULT_CONCURRENCY;
  // Every flag before the credentials: `--date 2024-13-45` is exit 2 even with no profile yet.
  accountTimeZone(flags.tz);
  checkDateFlags({ date: flags.date, from: flags.from, to: flags.to, now: new Date() });
  checkOutTemplate(flags.out);
  const creds = await ctx.credentials();
  // Unknown zone: absolute days still work; today, yesterday, -Nd and the default are refused (exit 3).
  const tz = accountTimeZone(flags.tz, creds.timezone);
  const range = parseDateRange({ date: flags.date, from: flags.from, to: flags.to, tz, now: new Date() });
  const pieces = splitRange(range.start, range.end, interval);
  return { interval, concurrency, tz, range, pieces };
}

export async function runStats(ctx: Context, given: StatsFlags, plan: StatsPlan): Promise<CommandResult> {
  const template = { ...given, out: outFile(given.out) };
  const { interval, concurrency, tz, range, pieces } = await planRange(ctx, template);
  const flags = { ...template, out: expandOut(template.out, range) };
  // Before any ID is resolved: a refusal sends nothing.
  if (ctx.globals.raw && pieces.length > 1) {
    throw new UsageError('--raw prints one response body: use it with --interval total.', { field: '--raw' });
  }
  if (flags.chart) checkChart(ctx, flags, interval);
  // An unknown --fields name is a usage error before anything is sent. Under --raw the file holds
  // the service's body as received, whatever its name: no format to read from it.
  const port = outputPort(ctx);
  const settings = flags.chart || ctx.globals.raw ? undefined : await port.settings(flags.out);
  // Several accounts in one output: each row says its day, which is that account's own.
  const merged = ctx.account?.merged === true;
  const day = oneDayAsked(range, interval, settings?.fields, merged);
  const dayColumn = day === undefined ? [] : [{ key: 'date', type: 'string', priority: 1 } as const];
  const allColumns = [...dayColumn, ...statsColumns(plan.kind, { ...plan.columnOptions, interval, names: true })];
  if (settings?.fields !== undefined) selectColumns(allColumns, settings.fields);
  const id = plan.target === undefined ? undefined : await resolveId(ctx, plan.target.kind, plan.target.raw, plan.target.label);
  const ui = await ctx.ui();
  if (range.defaulted) ui.info(`No date given: showing today so far (${stampDay(range.start)}, ${tz}).`);
  else if (range.clippedFrom) {
    ui.notice(
      `masg: the range ends in the future (${stampLabel(range.clippedFrom)}); stopping at the current hour, ${stampLabel(range.end)} (${tz ?? 'in every time zone'}).`,
    );
  }
  const sdk = await ctx.sdk();
  const pieceRange = pieceRangeIn(tz);
  const spec: ReportSpec = {
    kind: plan.kind,
    interval,
    pieces,
    day,
    fetch: (piece) => plan.call(sdk, pieceRange(piece), id),
    ids: plan.target === undefined ? {} : { [plan.target.kind]: id },
  };
  // --raw: the one piece's call; --dry-run: every piece's (one per day or hour with --interval), none sent.
  const call = async (client: MasgClient, mode: AnyCallOptions) => {
    if (!mode.dryRun) return plan.call(client, pieceRange(pieces[0]), id, mode);
    const described = await Promise.all(pieces.map((piece) => plan.call(client, pieceRange(piece), id, mode)));
    if (flags.out) ui.notice(`masg: --dry-run: nothing written; --out would write ${flags.out} (${rangeLabel(range, tz)}).`);
    return { requests: described.flatMap((d) => d.requests) };
  };
  return sdkCall(
    ctx,
    call,
    async () => {
      const onProgress =
        pieces.length > 1 || flags.chart ? (done: number, total: number) => ui.progress(done, total, 'requests') : undefined;
      const run = { concurrency, signal: ctx.io.signal, onProgress };
      if (flags.chart) {
        await drawReport(port, spec, run, ['impressions', 'clicks', plan.kind === 'campaign' ? 'spend' : 'earnings']);
        return { kind: 'done' };
      }
      const wantNames = settings!.fields === undefined ? settings!.format === 'table' : settings!.fields.some((f) => NAME_KEYS.includes(f));
      await writeReport(port, settings!, {
        spec,
        run,
        columns: allColumns,
        idColumns: [...(merged ? dayColumn : []), ...statsColumns(plan.kind, { ...plan.columnOptions, interval })],
        names: wantNames ? startNameLookup(ctx, sdk, plan, id) : undefined,
        retry: {
          retries: ctx.globals.retries,
          deadlineAt: ctx.deadlineAt,
        },
        out: flags.out,
        range: rangeLabel(range, tz),
        caption: rangeCaption(range, tz),
      });
      return { kind: 'done' };
    },
    { out: flags.out },
  );
}

/** The day of a one-day total when --fields asks for `date` (or several accounts share the output); over several days it has none. */
function oneDayAsked(range: DateRange, interval: Interval, fields: string[] | undefined, merged: boolean): string | undefined {
  if (interval !== 'total' || !(fields?.includes('date') || (merged && fields === undefined))) return undefined;
  const [from, to] = [stampDay(range.start), stampDay(range.end)];
  if (from === to) return from;
  if (!fields?.includes('date')) return undefined;
  throw new UsageError(`--fields date: this report covers ${from} to ${to}, so its rows have no one date.`, {
    field: '--fields',
    hint: 'Add --interval day for one row per day, or ask for one day (--date <day>).',
  });
}

function rangeLabel(range: DateRange, tz: string | undefined): string {
  const whole = range.start.endsWith('00') && range.end.endsWith('23');
  const [from, to] = whole ? [stampDay(range.start), stampDay(range.end)] : [stampLabel(range.start), stampLabel(range.end)];
  return `${from === to ? from : `${from} to ${to}`}${tz === undefined ? '' : `, ${tz}`}`;
}

/** What a report's table says above it on a terminal: the day or days it covers, and in which zone. */
function rangeCaption(range: DateRange, tz: string | undefined): Array<[string, string]> {
  const whole = range.start.endsWith('00') && range.end.endsWith('23');
  const [from, to] = whole ? [stampDay(range.start), stampDay(range.end)] : [stampLabel(range.start), stampLabel(range.end)];
  const span: [string, string] = from === to ? ['day', from] : [whole ? 'days' : 'hours', `${from} to ${to}`];
  return [span, ['zone', tz ?? "the account's"]];
}

/** A failed name lookup is a notice, not the report's failure: the report shows IDs only. */
async function startNameLookup(
  ctx: Context,
  sdk: MasgClient,
  plan: StatsPlan,
  id: string | undefined,
): Promise<((row: Record<string, string | undefined>) => void) | undefined> {
  const level = 'level' in plan.columnOptions ? plan.columnOptions.level : undefined;
  try {
    const table = await lookUpNames(sdk, { kind: plan.kind, level, id });
    return (row) => addNames(row, table);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    (await ctx.ui()).notice(`masg: the names could not be read (${why}); showing IDs only.`);
    return undefined;
  }
}

/** --chart off a terminal is refused, not dropped: a script never gets a chart for data. */
function checkChart(ctx: Context, flags: StatsFlags, interval: Interval): void {
  const refuse = (why: string) => {
    throw new UsageError(`--chart ${why}`, { field: '--chart' });
  };
  if (interval === 'total') refuse('needs --interval day or hour: a chart of one total would be a single mark.');
  if (flags.out !== undefined) refuse('draws on the terminal; --out writes data to a file: choose one.');
  if (ctx.globals.output !== undefined && ctx.globals.output !== 'table')
    refuse(`draws a chart, not ${ctx.globals.output}: drop -o or --chart.`);
  if (!ctx.io.stdout.isTTY) refuse('draws on a terminal, and stdout is not one: drop --chart (or use -o csv) for data.');
}

/** A piece of the range as the SDK's statistics calls take it, in the account's zone when known. */
function pieceRangeIn(tz: string | undefined): (piece: { start: string; end: string }) => PieceRange {
  return (piece) => ({ from: piece.start, to: piece.end, ...(tz !== undefined && { timeZone: tz }) });
}
