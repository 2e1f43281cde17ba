// The pieces of `masg pulse` that one account and several share: the flags, checked before
// anything is read or sent; the rows from a warehouse; the report's delivery (notification,
// stdout, exit code); the text written to stdout.
import { counted } from '../core/plural.js';
import { MAX_BASELINE_DAYS as MAX_BASELINE } from '../config/defaults.js';
import { readFile } from 'node:fs/promises';
import { AlertsFoundError, markReported, UsageError } from '../core/errors.js';
import { localIOError } from '../core/local-io.js';
import { DEFAULT_CONCURRENCY } from '../core/pool.js';
import { checkDateFlags } from '../time/dates.js';
import { accountTimeZone } from '../time/zone.js';
import type { Context } from '../context.js';
import type { PulseReport } from '../pulse/types.js';
import { notifyChanges, notifyTarget } from './pulse-notify.js';
import type { CommandResult } from '../command-kit/define.js';
import { parseRules, DEFAULT_RULES } from '../pulse/rules.js';
import { warehouseTarget } from '../warehouse/target.js';
import { openSession } from '../warehouse/session.js';
import { warehouseCoverage, readWarehouse } from '../pulse/warehouse-source.js';
import { terminalView } from '../output/sanitize.js';
import { renderScreen } from '../pulse/screen.js';
import { createChalk } from '../output/color.js';
import { loadWidth } from '../output/width.js';
import { writeAll } from '../output/write-all.js';
import type { NotifyTarget } from './pulse-notify.js';
import type { PulseRows } from '../pulse/live.js';
import type { Target } from '../warehouse/target.js';
import type { ScreenOptions } from '../pulse/screen.js';

export interface PulseOptions {
  date?: string;
  baseline?: string;
  db?: string | true;
  tz?: string;
  html?: string;
  rules?: string;
  concurrency?: number;
  notify?: string | boolean;
  notifyFormat?: string;
}

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
  if (path === undefined) return DEFAULT_RULES;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    // A file that cannot be read is a file problem (exit 7), as for every file masg reads or writes.
    const local = localIOError(err, path, 'read');
    if (local === undefined) throw err;
    local.message = `--rules: ${local.message}`;
    throw local;
  }
  return parseRules(text);
}

/** Every flag, checked before credentials, files or the network. */
export async function checkFlags(ctx: Context, opts: PulseOptions) {
  const format = ctx.globals.output ?? 'table';
  if (format !== 'table' && format !== 'json') {
    throw new UsageError(`-o ${format}: masg pulse prints a screen (table) or its JSON document (json).`, { field: '-o' });
  }
  const notify = await notifyTarget(ctx, opts.notify, opts.notifyFormat);
  const baselineDays = checkBaseline(opts.baseline);
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  const date = opts.date ?? 'yesterday';
  accountTimeZone(opts.tz);
  checkDateFlags({ date, now: new Date() });
  const rules = await readRules(opts.rules);
  // As sync and sql: under --sandbox its own warehouse, and MASG_DB is never read.
  const named = opts.db !== undefined || (!ctx.globals.sandbox && Boolean(ctx.io.env.MASG_DB));
  const target = named ? warehouseTarget(opts.db, ctx) : undefined;
  if (target?.kind === 'postgres' && target.password) ctx.secrets.push(target.password);
  checkPageTemplate(opts.html);
  return { format, notify, baselineDays, concurrency, date, rules, target };
}

export type PulseFlags = Awaited<ReturnType<typeof checkFlags>>;

/**
 * The notification (when asked), then the report on stdout, then the exit code: 6 when the post
 * failed (the report printed all the same, the state not advanced), else 9 when an alert fired.
 */
export async function deliver(ctx: Context, report: PulseReport, flags: { format: string; notify?: NotifyTarget }): Promise<CommandResult> {
  const notified = flags.notify && (await notifyChanges(ctx, report, flags.notify));
  const alerts = report.findings.filter((f) => f.severity === 'alert').length;
  const found = alerts === 0 ? undefined : new AlertsFoundError(`${counted(alerts, 'alerts')} on ${report.date} (exit 9).`);
  // An alert is a result, not a failure: --quiet keeps stderr empty (the exit code says it).
  if (found && ctx.globals.quiet) markReported(found);
  const failure = notified || found;
  const text = flags.format === 'json' ? jsonText(ctx, report) : await screenText(ctx, report);
  // A reader that closes the pipe early (`| head`) must not turn 9 into 0: the code is decided now.
  if (failure) ctx.io.exitOnClosedPipe?.(failure.exitCode);
  await writeReport(ctx, text);
  if (failure) throw failure;
  return { kind: 'done' };
}

export type Rows = PulseRows;

/** The rows from the warehouse when it holds every day; undefined (said on stderr) when not. */
export async function fromWarehouse(
  ctx: Context,
  target: Target,
  want: { account: string; timeZone?: string; date: string; baselineDays: number; service: string },
  /** Before each notice over several accounts: "east: ". */
  who = '',
): Promise<Rows | undefined> {
  const ui = await ctx.ui();
  if (target.kind === 'duckdb' && !(await import('node:fs')).existsSync(target.path)) {
    ui.notice(`masg: ${who}the warehouse ${target.label} does not exist; reading the service.`);
    return undefined;
  }
  const session = await openSession(target, { readOnly: true, create: false });
  try {
    const coverage = await warehouseCoverage(session, want);
    if (!coverage.holds) {
      ui.notice(`masg: ${who}the warehouse ${target.label} does not hold the range (${coverage.why}); reading the service.`);
      return undefined;
    }
    return await readWarehouse(session, want);
  } finally {
    await session.close();
  }
}

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

/** The JSON document; on a terminal its control characters show as \uXXXX, as every machine format's do. */
export function jsonText(ctx: Context, report: unknown): string {
  return terminalView(ctx.io.stdout)(`${JSON.stringify(report, null, 2)}\n`);
}

export async function screenText(ctx: Context, report: PulseReport): Promise<string> {
  return screenOf(ctx, (opts) => renderScreen(report, opts));
}

/** What `render` lays out for stdout: coloured and fitted on a terminal, plain and never cut when piped. */
export async function screenOf(ctx: Context, render: (opts: ScreenOptions) => string): Promise<string> {
  const settings = await ctx.outputSettings();
  await loadWidth();
  // settings.width is undefined for a pipe or a file: piped text is never fitted (docs/output.md).
  return withNewline(render({ chalk: await createChalk(settings.color), width: settings.width, wide: settings.wide }));
}

/**
 * The report to stdout, waiting until it was handed over: a report not written entirely is never
 * exit 0 or 9 but 7 (a full disk). A reader that closed the pipe (EPIPE) took what it wanted.
 */
export async function writeReport(ctx: Context, text: string): Promise<void> {
  const failure = await writeAll(ctx.io.stdout, text);
  if (failure === undefined || (failure as NodeJS.ErrnoException).code === 'EPIPE') return;
  throw localIOError(failure, 'standard output') ?? failure;
}
