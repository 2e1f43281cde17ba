// `masg pulse`: how a day went, what broke and what needs a person. Flags are checked first
// (nothing read or sent before); the rows come from the warehouse when --db / MASG_DB holds the
// whole range, else from the service; src/pulse analyses them; the screen or the JSON goes to
// stdout, the page to --html; exit 9 when a finding is an alert.
import { parseDateRange } from '../time/dates.js';
import { accountTimeZone } from '../time/zone.js';
import type { Context } from '../context.js';
import type { PulseReport } from '../pulse/types.js';
import { defineCommand } from '../command-kit/define.js';
import { checkFlags, deliver, fromWarehouse, type PulseFlags, type PulseOptions, type Rows } from './pulse-parts.js';
import { runPulseAccounts } from './pulse-accounts.js';
import { openAtomicFile } from '../core/atomic-file.js';
import { analysePulse } from '../pulse/analyse.js';
import { renderHtml } from '../pulse/html.js';
import { fetchLive } from '../pulse/live.js';
import { serviceOf } from '../warehouse/service.js';

export type { PulseOptions } from './pulse-parts.js';

export const pulse = defineCommand<PulseOptions>({
  // --profile a,b, MASG_PROFILE=a,b and --all-profiles: every account's pulse (commands/pulse-accounts.ts).
  accounts: 'own',
  async run(ctx, opts) {
    const flags = await checkFlags(ctx, opts);
    const list = await ctx.accounts();
    if (list !== undefined) {
      return runPulseAccounts(ctx, opts, list, flags, openPage);
    }
    return runPulse(ctx, opts, (report, f) => deliver(ctx, report, f), flags);
  },
});

/** The report itself, every flag checked and the page written as the command does: `masg mcp`'s pulse tool. */
export function pulseReport(ctx: Context, opts: PulseOptions): Promise<PulseReport> {
  return runPulse(ctx, opts, (report) => Promise.resolve(report));
}

const openPage = async (path: string) => openAtomicFile(path, '--html');

async function runPulse<T>(
  ctx: Context,
  opts: PulseOptions,
  finish: (report: PulseReport, flags: PulseFlags) => Promise<T>,
  checked?: PulseFlags,
): Promise<T> {
  const flags = checked ?? (await checkFlags(ctx, opts));
  const { date, baselineDays, target } = flags;
  // The page's file is opened before anything is read: an unwritable --html fails first. A name
  // with {date} needs the day, so it waits for the account's zone (still before any request).
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
      (target &&
        (await fromWarehouse(ctx, target, {
          account: creds.email,
          service: serviceOf(creds.baseUrl, ctx.globals.sandbox === true),
          timeZone: tz,
          date: day,
          baselineDays,
        }))) ??
      (await fromService(ctx, { date: day, baselineDays, timeZone: tz, concurrency: flags.concurrency }));
    const report = analysePulse(
      { ...rows, date: day, baselineDays, timeZone: tz, account: creds.email, generatedAt: now.toISOString() },
      flags.rules,
    );
    if (html) {
      html.stream.write(renderHtml(report));
      await html.commit();
    }
    return await finish(report, flags);
  } catch (err) {
    await html?.abort();
    throw html ? html.explain(err) : err;
  }
}

async function fromService(
  ctx: Context,
  opts: { date: string; baselineDays: number; timeZone?: string; concurrency: number },
): Promise<Rows> {
  const [sdk, ui] = await Promise.all([ctx.sdk(), ctx.ui()]);
  return fetchLive(sdk, { ...opts, signal: ctx.io.signal, onProgress: (done, total) => ui.progress(done, total, 'requests') });
}
