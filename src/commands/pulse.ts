// `masg pulse`: how a day went, what broke and what needs a person. Flags are checked first
// (nothing read or sent before); the rows come from the warehouse when --db / MASG_DB holds the
// whole range, else from the service; src/pulse analyses them; the screen or the JSON goes to
// stdout, the page to --html; exit 9 when a finding is an alert.
import { readFile } from 'node:fs/promises';
import { AlertsFoundError, UsageError } from '../core/errors.js';
import { parseConcurrency } from '../core/pool.js';
import { checkDateFlags, parseDateRange } from '../statistics/dates.js';
import { accountTimeZone } from '../statistics/zone.js';
import type { Context } from '../context.js';
import { defineTopCommand, type CommandResult } from '../command-kit/define.js';

export interface PulseOptions {
  date?: string;
  baseline?: string;
  db?: string | true;
  tz?: string;
  html?: string;
  rules?: string;
  concurrency?: string;
}

const MAX_BASELINE = 90;

export const pulse = defineTopCommand<PulseOptions>({
  name: 'pulse',
  configure: (cmd) =>
    cmd
      .option('--date <day>', "the day to look at: YYYY-MM-DD, yesterday, -Nd (default: yesterday in the account's zone)")
      .option('--baseline <n>', `days before it to compare with (1-${MAX_BASELINE})`, '7')
      .option(
        '--db [target]',
        'read a masg sync warehouse (DuckDB file or postgres:// URL; bare: the one masg sync writes) when it holds every day (default: $MASG_DB)',
      )
      .option('--html <file>', 'also write a self-contained HTML page (charts, tables), atomically')
      .option('--rules <file>', 'thresholds, minimum volumes and ignored entities (JSON); see docs/pulse.md')
      .option('--tz <zone>', "the account's IANA time zone, for yesterday/today/-Nd (default: MASG_TIMEZONE, else the profile's)")
      .option('--concurrency <n>', 'requests in flight at once when reading the service', '4'),
  examples: [
    'masg pulse',
    'masg pulse --date -2d --baseline 28 -o json',
    'masg pulse --quiet --html pulse.html -o json > pulse.json || [ $? -eq 9 ]   # 9: alerts, see pulse.html',
  ],
  async run(ctx, opts) {
    return runPulse(ctx, opts);
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

async function runPulse(ctx: Context, opts: PulseOptions): Promise<CommandResult> {
  // Every flag before credentials, files or the network.
  const format = ctx.globals.output ?? 'table';
  if (format !== 'table' && format !== 'json') {
    throw new UsageError(`-o ${format}: masg pulse prints a screen (table) or its JSON document (json).`, { field: '-o' });
  }
  if (ctx.globals.raw) throw new UsageError('--raw prints one response body; masg pulse reads many.', { field: '--raw' });
  if (ctx.globals.dryRun)
    throw new UsageError('--dry-run: masg pulse only reads, it changes nothing; run it without --dry-run.', { field: '--dry-run' });
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
  // The page's file is opened now: an unwritable --html fails before anything is read.
  const html = opts.html === undefined ? undefined : await (await import('../output/atomic-file.js')).openAtomicFile(opts.html, '--html');
  try {
    const creds = await ctx.credentials();
    // As `pub stats`: an unknown zone refuses yesterday, today and -Nd (exit 3); a YYYY-MM-DD day needs none.
    const tz = accountTimeZone(opts.tz, creds.timezone);
    const now = new Date();
    const range = parseDateRange({ date, tz, now });
    const day = `${range.start.slice(0, 4)}-${range.start.slice(4, 6)}-${range.start.slice(6, 8)}`;
    const ui = await ctx.ui();
    if (range.clippedFrom) ui.notice(`masg: ${day} is not over yet: the pulse compares the hours so far with whole days.`);

    const rows =
      (target && (await fromWarehouse(ctx, target, { account: creds.email, timeZone: tz, date: day, baselineDays }))) ??
      (await fromService(ctx, { date: day, baselineDays, timeZone: tz, concurrency }));
    const { analysePulse } = await import('../pulse/analyse.js');
    const report = analysePulse(
      { ...rows, date: day, baselineDays, timeZone: tz, account: creds.email, generatedAt: now.toISOString() },
      rules,
    );

    if (html) {
      const { renderHtml } = await import('../pulse/html.js');
      html.stream.write(renderHtml(report));
      await html.commit();
    }
    const alerts = report.findings.filter((f) => f.severity === 'alert').length;
    const failure = alerts === 0 ? undefined : new AlertsFoundError(`${alerts} alert${alerts === 1 ? '' : 's'} on ${day} (exit 9).`);
    if (format === 'json') return { kind: 'text', text: `${JSON.stringify(report, null, 2)}\n`, failure };
    const settings = await ctx.outputSettings();
    const [{ renderScreen }, { createChalk }, { loadWidth }] = await Promise.all([
      import('../pulse/screen.js'),
      import('../output/color.js'),
      import('../output/width.js'),
    ]);
    await loadWidth();
    return {
      kind: 'text',
      text: withNewline(renderScreen(report, { chalk: await createChalk(settings.color), width: settings.width })),
      failure,
    };
  } catch (err) {
    await html?.abort();
    throw html ? html.explain(err) : err;
  }
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
