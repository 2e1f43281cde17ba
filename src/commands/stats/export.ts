// The common run of a statistics command: dates → pieces → requests → rows → output, with
// --out written atomically, progress for split reports and a totals row for tables.
import { DryRunDone } from '../../api/describe.js';
import type { Context } from '../../context.js';
import { type NetworkError, UsageError } from '../../core/errors.js';
import { checkDateFlags, parseDateRange } from '../../stats/dates.js';
import { type Interval, splitRange } from '../../stats/intervals.js';
import { parseConcurrency } from '../../core/pool.js';
import type { ApiClient } from '../../api/types.js';
import type { ReportSpec } from '../../stats/report.js';
import { NAME_KEYS, statsColumns, type StatsColumnOptions, type StatsKind } from '../../stats/rows.js';
import type { Column } from '../../output/types.js';
import { type IdKind, resolveId } from '../resolve-id.js';
import type { NameTable } from './names.js';
import { resolveTimeZone } from '../../stats/zone.js';
import { INTERVALS } from '../../schema/enums.js';
import { oneOf } from '../../schema/rules.js';
import type { CommandResult } from '../define.js';
import { outFile, settingsFor } from '../out-file.js';
import type { StatsFlags } from './options.js';

export interface StatsPlan {
  kind: StatsKind;
  columnOptions: Omit<StatsColumnOptions, 'interval' | 'names'>;
  shape: ReportSpec['shape'];
  /** The report's ID argument, resolved (short IDs) once every flag was checked. */
  target?: { kind: IdKind & keyof ReportSpec['ids']; raw: string; label: string };
  /** `id`: the resolved target. */
  request: (q: { start: string; end: string }, id: string | undefined) => import('../../api/types.js').ApiRequest;
}

/** Checks every flag before anything is sent; resolves the range in the account's zone. */
export async function planRange(ctx: Context, flags: StatsFlags) {
  const interval = oneOf('--interval', flags.interval ?? 'total', INTERVALS) as Interval;
  const concurrency = parseConcurrency(flags.concurrency);
  // Every flag before the credentials: `--date 2024-13-45` is exit 2 even with no profile yet.
  if (flags.tz !== undefined) resolveTimeZone(flags.tz);
  checkDateFlags({ date: flags.date, from: flags.from, to: flags.to, now: new Date() });
  const creds = await ctx.credentials();
  const tz = resolveTimeZone(flags.tz, creds.timezone);
  const range = parseDateRange({ date: flags.date, from: flags.from, to: flags.to, tz, now: new Date() });
  const pieces = splitRange(range.start, range.end, interval);
  return { interval, concurrency, tz, range, pieces };
}

export async function runStats(ctx: Context, given: StatsFlags, plan: StatsPlan): Promise<CommandResult> {
  const flags = { ...given, out: outFile(given.out) };
  const { interval, concurrency, tz, range, pieces } = await planRange(ctx, flags);
  if (flags.chart) checkChart(ctx, flags, interval);
  // Before anything is sent: an unknown --fields name (names included) is a usage error.
  const settings = flags.chart ? undefined : await settingsFor(ctx, flags.out);
  const allColumns = statsColumns(plan.kind, { ...plan.columnOptions, interval, names: true });
  if (settings?.fields !== undefined) (await import('../../output/index.js')).selectColumns(allColumns, settings.fields);
  const id = plan.target === undefined ? undefined : await resolveId(ctx, plan.target.kind, plan.target.raw, plan.target.label);
  const ui = await ctx.ui();
  if (range.defaulted) ui.info(`No date given: showing today so far (${range.start.slice(0, 8)}, ${tz}).`);
  else if (range.clippedFrom) {
    const { stampLabel } = await import('../../stats/dates.js');
    ui.notice(
      `masg: the range ends in the future (${stampLabel(range.clippedFrom)}); stopping at the current hour, ${stampLabel(range.end)} (${tz}).`,
    );
  }
  const ids: ReportSpec['ids'] = plan.target === undefined ? {} : { [plan.target.kind]: id };
  const spec: ReportSpec = { kind: plan.kind, shape: plan.shape, interval, pieces, request: (p) => plan.request(p, id), ids };
  const client = await ctx.client();
  const startedAt = performance.now();

  if (ctx.globals.dryRun) {
    // Describe every request the report would send, not only the first.
    for (const piece of pieces)
      await client.request(spec.request(piece)).catch((e: unknown) => {
        if (!(e instanceof DryRunDone)) throw e;
      });
    return { kind: 'done' };
  }
  if (ctx.globals.raw) {
    if (pieces.length > 1) throw new UsageError('--raw prints one response body: use it with --interval total.', { field: '--raw' });
    return { kind: 'raw', body: (await client.request({ ...spec.request(pieces[0]), format: ctx.globals.raw })).body };
  }

  if (flags.chart || settings === undefined)
    return drawChart(ctx, client, spec, { concurrency, onProgress: (done, total) => ui.progress(done, total, 'requests') });
  // Names beside IDs: always in a table, in a data format only when --fields names them.
  const wantNames = settings.fields === undefined ? settings.format === 'table' : settings.fields.some((f) => NAME_KEYS.includes(f));
  const baseColumns = statsColumns(plan.kind, { ...plan.columnOptions, interval });
  const names = wantNames ? startNameLookup(ctx, client, plan, id) : Promise.resolve(undefined);
  const [
    { createRowWriter },
    { runReport, isBrokenStream },
    { TotalsAccumulator, withRowRatios },
    { DEFAULT_POLICY, Transient, withRetries, secs },
    { addNames },
  ] = await Promise.all([
    import('../../output/index.js'),
    import('../../stats/report.js'),
    import('../../stats/totals.js'),
    import('../../api/retry.js'),
    import('./names.js'),
  ]);
  // Opened before any request: a read-only folder or a full disk is found before the work.
  const file = flags.out === undefined ? undefined : await (await import('../../output/atomic-file.js')).openAtomicFile(flags.out);
  // A stream that breaks mid-way into --out is started again from an empty file: nothing of the
  // temporary file has reached FILE yet. The budget is the transport's: --retries and --deadline.
  const policy = {
    ...DEFAULT_POLICY,
    retries: ctx.globals.retries ?? 3,
    deadlineAt: ctx.globals.deadline === undefined ? undefined : startedAt + ctx.globals.deadline * 1000,
  };
  try {
    const rows = await withRetries(
      async (attempt) => {
        if (attempt > 1) await file!.restart();
        // The writer opens once the names are known (they decide the table's columns); the
        // report is already under way meanwhile, and its first row waits for them.
        let writer: ReturnType<typeof createRowWriter> | undefined;
        let table: NameTable | undefined;
        let columns: Column[] = baseColumns;
        const opened = names.then((found) => {
          table = found;
          // A table without names shows the IDs only; an explicit --fields keeps its header.
          columns = found !== undefined || settings.fields !== undefined ? allColumns : baseColumns;
          writer = createRowWriter(file?.stream ?? ctx.io.stdout, columns, settings);
        });
        const totals = settings.format === 'table' ? new TotalsAccumulator(baseColumns) : undefined;
        const write = (row: import('../../output/types.js').Row) => {
          if (table) addNames(row, table);
          if (!totals) return writer!.write(row);
          totals.add(row);
          return writer!.write(withRowRatios(row, columns));
        };
        let count: number;
        try {
          count = await runReport(client, spec, (row) => (writer ? write(row) : opened.then(() => write(row))), {
            concurrency,
            signal: ctx.io.signal,
            onProgress: pieces.length > 1 ? (done, total) => ui.progress(done, total, 'requests') : undefined,
          });
        } catch (err) {
          // On stdout the rows already printed cannot be taken back: no restart there (exit 6).
          if (file && isBrokenStream(err)) throw new Transient(err as NetworkError, 'a broken stream');
          throw err;
        }
        await opened;
        await writer!.end(totals && count > 0 ? totals.totals() : undefined);
        return count;
      },
      policy,
      {
        signal: ctx.io.signal,
        onRetry: ({ next, of, delayMs }) =>
          ui.notice(
            `masg: the report's stream broke before it ended; writing ${flags.out} again from the start in ${secs(delayMs)} (attempt ${next} of ${of}).`,
          ),
      },
    );
    await file?.commit();
    if (rows === 0) ui.info('No statistics for this range.');
    if (file) ui.notice(`Wrote ${rows} rows to ${flags.out}.`);
  } catch (err) {
    await file?.abort();
    throw file ? file.explain(err) : err;
  }
  return { kind: 'done' };
}

/**
 * The names, looked up while the report is fetched. A failure (a slow or refusing entity call)
 * is a notice, not the report's failure: the report shows IDs only.
 */
function startNameLookup(ctx: Context, client: ApiClient, plan: StatsPlan, id: string | undefined): Promise<NameTable | undefined> {
  const level = 'level' in plan.columnOptions ? plan.columnOptions.level : undefined;
  return import('./names.js')
    .then(({ lookUpNames }) => lookUpNames(client, { kind: plan.kind, level, id }))
    .catch(async (err: unknown) => {
      const why = err instanceof Error ? err.message : String(err);
      (await ctx.ui()).notice(`masg: the names could not be read (${why}); showing IDs only.`);
      return undefined;
    });
}

/**
 * --chart draws on a terminal and nowhere else: asked for in a pipe, a file or a data format it
 * is refused (exit 2) rather than silently dropped, so a script never gets a chart for data or
 * data for a chart. A chart of a single total would be one mark, so it needs day or hour.
 */
function checkChart(ctx: Context, flags: StatsFlags, interval: Interval): void {
  const refuse = (why: string) => {
    throw new UsageError(`--chart ${why}`, { field: '--chart' });
  };
  if (interval === 'total') refuse('needs --interval day or hour: a chart of one total would be a single mark.');
  if (ctx.globals.raw) refuse("and --raw cannot go together: --raw prints the service's body.");
  if (flags.out !== undefined) refuse('draws on the terminal; --out writes data to a file: choose one.');
  if (ctx.globals.output !== undefined && ctx.globals.output !== 'table')
    refuse(`draws a chart, not ${ctx.globals.output}: drop -o or --chart.`);
  if (!ctx.io.stdout.isTTY) refuse('draws on a terminal, and stdout is not one: drop --chart (or use -o csv) for data.');
}

/** The report's rows summed per interval, then drawn; nothing else is printed. */
async function drawChart(
  ctx: Context,
  client: ApiClient,
  spec: ReportSpec,
  opts: { concurrency: number; onProgress: (done: number, total: number) => void },
): Promise<CommandResult> {
  const [{ runReport }, { ChartAccumulator }, { renderChart }, { createChalk }] = await Promise.all([
    import('../../stats/report.js'),
    import('../../output/chart-series.js'),
    import('../../output/chart.js'),
    import('../../output/color.js'),
  ]);
  const money = spec.kind === 'campaign' ? 'spend' : 'earnings';
  const acc = new ChartAccumulator(spec.interval === 'hour' ? 'hour' : 'day', ['impressions', 'clicks', money]);
  await runReport(client, spec, (row) => acc.add(row), { ...opts, signal: ctx.io.signal });
  const settings = await ctx.outputSettings();
  ctx.io.stdout.write(renderChart(acc.data(), { width: settings.width, chalk: await createChalk(settings.color) }));
  return { kind: 'done' };
}
