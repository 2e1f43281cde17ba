// The common run of a statistics command: dates → pieces → requests → rows → output, with
// --out written atomically, progress for split reports and a totals row for tables.
import { DryRunDone } from '../../api/describe.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { OutputFormat, OutputSettings } from '../../output/types.js';
import { parseDateRange } from '../../stats/dates.js';
import { type Interval, splitRange } from '../../stats/intervals.js';
import { parseConcurrency } from '../../stats/pool.js';
import type { ReportSpec } from '../../stats/report.js';
import { statsColumns, type StatsColumnOptions, type StatsKind } from '../../stats/rows.js';
import { resolveTimeZone } from '../../stats/zone.js';
import { INTERVALS } from '../../validate/enums.js';
import { oneOf } from '../../validate/rules.js';
import type { CommandResult } from '../define.js';
import type { StatsFlags } from './options.js';

export interface StatsPlan {
  kind: StatsKind;
  columnOptions: Omit<StatsColumnOptions, 'interval'>;
  shape: ReportSpec['shape'];
  request: (q: { start: string; end: string }) => import('../../api/types.js').ApiRequest;
  ids: ReportSpec['ids'];
}

/** Checks every flag before anything is sent; resolves the range in the account's zone. */
export async function planRange(ctx: Context, flags: StatsFlags) {
  const interval = oneOf('--interval', flags.interval ?? 'total', INTERVALS) as Interval;
  const concurrency = parseConcurrency(flags.concurrency);
  const creds = await ctx.credentials();
  const tz = resolveTimeZone(flags.tz, creds.timezone);
  const range = parseDateRange({ date: flags.date, from: flags.from, to: flags.to, tz, now: new Date() });
  const pieces = splitRange(range.start, range.end, interval);
  return { interval, concurrency, tz, range, pieces };
}

const EXTENSIONS: Record<string, OutputFormat> = { '.csv': 'csv', '.tsv': 'tsv', '.json': 'json', '.ndjson': 'ndjson', '.jsonl': 'ndjson' };

export async function runStats(ctx: Context, flags: StatsFlags, plan: StatsPlan): Promise<CommandResult> {
  const { interval, concurrency, tz, range, pieces } = await planRange(ctx, flags);
  const ui = await ctx.ui();
  if (range.defaulted) ui.info(`No date given: showing today so far (${range.start.slice(0, 8)}, ${tz}).`);
  const spec: ReportSpec = { kind: plan.kind, shape: plan.shape, interval, pieces, request: (p) => plan.request(p), ids: plan.ids };
  const client = await ctx.client();

  if (ctx.globals.dryRun) {
    // Describe every request the report would send, not only the first.
    for (const piece of pieces) await client.request(spec.request(piece)).catch((e: unknown) => { if (!(e instanceof DryRunDone)) throw e; });
    return { kind: 'done' };
  }
  if (ctx.globals.raw) {
    if (pieces.length > 1) throw new UsageError('--raw prints one response body: use it with --interval total.', { field: '--raw' });
    return { kind: 'raw', body: (await client.request({ ...spec.request(pieces[0]!), format: ctx.globals.raw })).body };
  }

  const settings = await outputSettings(ctx, flags.out);
  const columns = statsColumns(plan.kind, { ...plan.columnOptions, interval });
  const [{ createRowWriter }, { runReport }, { TotalsAccumulator }] = await Promise.all([
    import('../../output/index.js'),
    import('../../stats/report.js'),
    import('../../stats/totals.js'),
  ]);
  const file = flags.out === undefined ? undefined : await (await import('../../output/atomic-file.js')).openAtomicFile(flags.out);
  try {
    const writer = createRowWriter(file?.stream ?? ctx.io.stdout, columns, settings);
    const totals = settings.format === 'table' ? new TotalsAccumulator(columns) : undefined;
    const rows = await runReport(
      client,
      spec,
      (row) => {
        totals?.add(row);
        return writer.write(row);
      },
      { concurrency, signal: ctx.io.signal, onProgress: pieces.length > 1 ? (done, total) => ui.progress(done, total, 'requests') : undefined },
    );
    await writer.end(totals && rows > 0 ? totals.totals() : undefined);
    await file?.commit();
    if (rows === 0) ui.info('No statistics for this range.');
    if (file) ui.info(`Wrote ${rows} rows to ${flags.out}.`);
  } catch (err) {
    await file?.abort();
    throw err;
  }
  return { kind: 'done' };
}

/** With --out and no -o, the format follows the file's extension (csv by default): never a table. */
async function outputSettings(ctx: Context, out: string | undefined): Promise<OutputSettings> {
  const settings = await ctx.outputSettings();
  if (out === undefined) return settings;
  const ext = /\.[^./]+$/.exec(out)?.[0]?.toLowerCase() ?? '';
  const format = ctx.globals.output ?? EXTENSIONS[ext] ?? 'csv';
  if (format === 'table') throw new UsageError('--out writes data files: choose -o csv, tsv, json or ndjson.', { field: '--out' });
  return { ...settings, format, color: false, width: undefined };
}
