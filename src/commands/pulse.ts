// `masg pulse`: how a day went, what broke and what needs a person. Flags are checked first
// (nothing read or sent before); the rows come from the warehouse when --db / MASG_DB holds the
// whole range, else from the service; src/pulse analyses them; the screen or the JSON goes to
// stdout, the page to --html; exit 9 when a finding is an alert.
import { readFile } from 'node:fs/promises';
import { AlertsFoundError, markReported, UsageError } from '../core/errors.js';
import { parseConcurrency } from '../core/pool.js';
import { checkDateFlags, parseDateRange } from '../time/dates.js';
import { accountTimeZone } from '../time/zone.js';
import type { Context } from '../context.js';
import type { PulseReport } from '../pulse/types.js';
import { notifyChanges, notifyTarget } from './pulse-notify.js';
import { defineCommand, type CommandResult } from '../command-kit/define.js';
import { MAX_BASELINE_DAYS as MAX_BASELINE } from '../config/defaults.js';

export interface PulseOptions {
  date?: string;
  baseline?: string;
  db?: string | true;
  tz?: string;
  html?: string;
  rules?: string;
  concurrency?: string;
  notify?: string | boolean;
  notifyFormat?: string;
}

export const pulse = defineCommand<PulseOptions>({
  async run(ctx, opts) {
    return runPulse(ctx, opts, (report, flags) => deliver(ctx, report, flags));
  },
});

function checkBaseline(raw: string | undefined): number {
  const s = (raw ?? '7').trim();
  const n = /^\d+$/.test(s) ? Number(s) : NaN;
  if (!(n >= 1 && n <= MAX_BASELINE)) {
    throw new UsageError(`--baseline: "${raw}" is not a number of days from 1 to ${MAX_BASELINE}.`, { field: '--baseline' });
  }
  return n;
}

/** --html may name the day it shows: `{date}` (YYYY-MM-DD, the account's day); anything else in braces is a typo (exit 2). */
function checkPageTemplate(path: string | undefined): void {
  for (const [whole, name] of (path ?? '').matchAll(/\{([^{}]*)\}/g)) {
    if (name !== 'date') throw new UsageError(`--html: ${whole} is not a placeholder; {date} is the day looked at.`, { field: '--html' });
  }
}

async function readRules(path: string | undefined) {
  const { parseRules, DEFAULT_RULES } = await import('../pulse/rules.js');
  if (path === undefined) return DEFAULT_RULES;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new UsageError(`--rules: cannot read ${path} (${why}).`, { field: '--rules' });
  }
  return parseRules(text);
}

/** Every flag, checked before credentials, files or the network. */
async function checkFlags(ctx: Context, opts: PulseOptions) {
  const format = ctx.globals.output ?? 'table';
  if (format !== 'table' && format !== 'json') {
    throw new UsageError(`-o ${format}: masg pulse prints a screen (table) or its JSON document (json).`, { field: '-o' });
  }
  if (ctx.globals.raw) throw new UsageError('--raw prints one response body; masg pulse reads many.', { field: '--raw' });
  if (ctx.globals.dryRun)
    throw new UsageError('--dry-run: masg pulse only reads, it changes nothing; run it without --dry-run.', { field: '--dry-run' });
  const notify = notifyTarget(ctx, opts.notify, opts.notifyFormat);
  const baselineDays = checkBaseline(opts.baseline);
  const concurrency = parseConcurrency(opts.concurrency);
  const date = opts.date ?? 'yesterday';
  accountTimeZone(opts.tz);
  checkDateFlags({ date, now: new Date() });
  const rules = await readRules(opts.rules);
  const { warehouseTarget } = await import('../warehouse/target.js');
  // As sync and sql: under --sandbox its own warehouse, and MASG_DB is never read.
  const named = opts.db !== undefined || (!ctx.globals.sandbox && Boolean(ctx.io.env.MASG_DB));
  const target = named ? warehouseTarget(opts.db, ctx) : undefined;
  if (target?.kind === 'postgres' && target.password) ctx.secrets.push(target.password);
  checkPageTemplate(opts.html);
  return { format, notify, baselineDays, concurrency, date, rules, target };
}

/** The report itself, every flag checked and the page written as the command does: `masg mcp`'s pulse tool. */
export function pulseReport(ctx: Context, opts: PulseOptions): Promise<PulseReport> {
  return runPulse(ctx, opts, (report) => Promise.resolve(report));
}

type PulseFlags = Awaited<ReturnType<typeof checkFlags>>;

async function runPulse<T>(ctx: Context, opts: PulseOptions, finish: (report: PulseReport, flags: PulseFlags) => Promise<T>): Promise<T> {
  const flags = await checkFlags(ctx, opts);
  const { date, baselineDays, target } = flags;
  // The page's file is opened before anything is read: an unwritable --html fails first. A name
  // with {date} needs the day, so it waits for the account's zone (still before any request).
  const openPage = async (path: string) => (await import('../core/atomic-file.js')).openAtomicFile(path, '--html');
  let html = opts.html === undefined || opts.html.includes('{date}') ? undefined : await openPage(opts.html);
  try {
    const creds = await ctx.credentials();
    // As `pub stats`: an unknown zone refuses yesterday, today and -Nd (exit 3); a YYYY-MM-DD day needs none.
    const tz = accountTimeZone(opts.tz, creds.timezone);
    const now = new Date();
    const range = parseDateRange({ date, tz, now });
    const day = `${range.start.slice(0, 4)}-${range.start.slice(4, 6)}-${range.start.slice(6, 8)}`;
    if (opts.html !== undefined && html === undefined) html = await openPage(opts.html.replaceAll('{date}', day));
    const ui = await ctx.ui();
    if (range.clippedFrom) ui.notice(`masg: ${day} is not over yet: the pulse compares the hours so far with whole days.`);

    const rows =
      (target && (await fromWarehouse(ctx, target, { account: creds.email, timeZone: tz, date: day, baselineDays }))) ??
      (await fromService(ctx, { date: day, baselineDays, timeZone: tz, concurrency: flags.concurrency }));
    const { analysePulse } = await import('../pulse/analyse.js');
    const report = analysePulse(
      { ...rows, date: day, baselineDays, timeZone: tz, account: creds.email, generatedAt: now.toISOString() },
      flags.rules,
    );
    if (html) {
      const { renderHtml } = await import('../pulse/html.js');
      html.stream.write(renderHtml(report));
      await html.commit();
    }
    return await finish(report, flags);
  } catch (err) {
    await html?.abort();
    throw html ? html.explain(err) : err;
  }
}

/**
 * The notification (when asked), then the report on stdout, then the exit code: 6 when the post
 * failed (the report printed all the same, the state not advanced), else 9 when an alert fired.
 */
async function deliver(
  ctx: Context,
  report: PulseReport,
  flags: { format: string; notify?: import('./pulse-notify.js').NotifyTarget },
): Promise<CommandResult> {
  const notified = flags.notify && (await notifyChanges(ctx, report, flags.notify));
  const alerts = report.findings.filter((f) => f.severity === 'alert').length;
  const found = alerts === 0 ? undefined : new AlertsFoundError(`${alerts} alert${alerts === 1 ? '' : 's'} on ${report.date} (exit 9).`);
  // An alert is a result, not a failure: --quiet keeps stderr empty (the exit code says it).
  if (found && ctx.globals.quiet) markReported(found);
  const failure = notified || found;
  const text = flags.format === 'json' ? await jsonText(ctx, report) : await screenText(ctx, report);
  // A reader that closes the pipe early (`| head`) must not turn 9 into 0: the code is decided now.
  if (failure) ctx.io.exitOnClosedPipe?.(failure.exitCode);
  await writeReport(ctx, text);
  if (failure) throw failure;
  return { kind: 'done' };
}

type Rows = import('../pulse/live.js').PulseRows;

/** The rows from the warehouse when it holds every day; undefined (said on stderr) when not. */
async function fromWarehouse(
  ctx: Context,
  target: import('../warehouse/target.js').Target,
  want: { account: string; timeZone?: string; date: string; baselineDays: number },
): Promise<Rows | undefined> {
  const ui = await ctx.ui();
  if (target.kind === 'duckdb' && !(await import('node:fs')).existsSync(target.path)) {
    ui.notice(`masg: the warehouse ${target.label} does not exist; reading the service.`);
    return undefined;
  }
  const [{ openSession }, { warehouseCoverage, readWarehouse }] = await Promise.all([
    import('../warehouse/session.js'),
    import('../pulse/warehouse-source.js'),
  ]);
  const session = await openSession(target, { readOnly: true, create: false });
  try {
    const coverage = await warehouseCoverage(session, want);
    if (!coverage.holds) {
      ui.notice(`masg: the warehouse ${target.label} does not hold the range (${coverage.why}); reading the service.`);
      return undefined;
    }
    return await readWarehouse(session, want);
  } finally {
    await session.close();
  }
}

async function fromService(
  ctx: Context,
  opts: { date: string; baselineDays: number; timeZone?: string; concurrency: number },
): Promise<Rows> {
  const [{ fetchLive }, sdk, ui] = await Promise.all([import('../pulse/live.js'), ctx.sdk(), ctx.ui()]);
  return fetchLive(sdk, { ...opts, signal: ctx.io.signal, onProgress: (done, total) => ui.progress(done, total, 'requests') });
}

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** The JSON document; on a terminal its control characters show as \uXXXX, as every machine format's do. */
async function jsonText(ctx: Context, report: PulseReport): Promise<string> {
  const { terminalView } = await import('../output/sanitize.js');
  return terminalView(ctx.io.stdout)(`${JSON.stringify(report, null, 2)}\n`);
}

async function screenText(ctx: Context, report: PulseReport): Promise<string> {
  const settings = await ctx.outputSettings();
  const [{ renderScreen }, { createChalk }, { loadWidth }] = await Promise.all([
    import('../pulse/screen.js'),
    import('../output/color.js'),
    import('../output/width.js'),
  ]);
  await loadWidth();
  // settings.width is undefined for a pipe or a file: piped text is never fitted (docs/output.md).
  return withNewline(renderScreen(report, { chalk: await createChalk(settings.color), width: settings.width }));
}

/**
 * The report to stdout, waiting until it was handed over: a report not written entirely is never
 * exit 0 or 9 but 7 (a full disk). A reader that closed the pipe (EPIPE) took what it wanted.
 */
async function writeReport(ctx: Context, text: string): Promise<void> {
  const { writeAll } = await import('../output/write-all.js');
  const failure = await writeAll(ctx.io.stdout, text);
  if (failure === undefined || (failure as NodeJS.ErrnoException).code === 'EPIPE') return;
  const { localIOError } = await import('../core/local-io.js');
  throw localIOError(failure, 'standard output') ?? failure;
}
