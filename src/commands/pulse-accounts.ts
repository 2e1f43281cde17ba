// `masg pulse` over several accounts (`--profile a,b`, MASG_PROFILE=a,b, --all-profiles): each
// account's pulse from its own rows in its own zone, through the one runner over accounts
// (command-kit/accounts-run.ts: --tz refused, each account its share of `--concurrency`), one
// account's failure never costing the others their reports. Then a status line per account on stderr, the reports (the
// ranked overview and each account's screen, or the JSON document), the one page, and the exit
// code: 8 when some accounts have no report, else 6 when a notification was not posted, else 9
// when any account has an alert (docs/pulse.md, "Several accounts").
import { counted } from '../core/plural.js';
import { AlertsFoundError, ExitCode, markReported, NetworkError, PartialError, type MasgError } from '../core/errors.js';
import { parseDateRange } from '../time/dates.js';
import { accountTimeZone } from '../time/zone.js';
import type { Context } from '../context.js';
import { accountsError, eachAccount } from '../command-kit/accounts-run.js';
import type { AccountList } from '../config/account-list.js';
import type { AccountInfo, AccountResult } from '../sdk/accounts.js';
import type { MasgClient } from '../sdk/types.js';
import type { AccountPulse } from '../pulse/accounts.js';
import type { PulseReport } from '../pulse/types.js';
import type { CommandResult } from '../command-kit/define.js';
import { deliver, fromWarehouse, jsonText, screenOf, writeReport, type PulseFlags, type PulseOptions } from './pulse-parts.js';
import { accountNotifyTargets, notifyChanges, type NotifyTarget } from './pulse-notify.js';
import { fetchLive } from '../pulse/live.js';
import { analysePulse } from '../pulse/analyse.js';
import { accountsDocument, alertCount } from '../pulse/accounts.js';
import { renderAccountsScreen } from '../pulse/screen-accounts.js';
import { renderHtml } from '../pulse/html.js';
import { renderAccountsHtml } from '../pulse/html-accounts.js';
import type { AtomicFile } from '../core/atomic-file.js';
import { serviceOf } from '../warehouse/service.js';

type OpenPage = (path: string) => Promise<AtomicFile>;

export async function runPulseAccounts(
  ctx: Context,
  opts: PulseOptions,
  list: AccountList,
  flags: PulseFlags,
  openPage: OpenPage,
): Promise<CommandResult> {
  const { names } = list;
  const notifyTo = flags.notify && (await accountNotifyTargets(ctx, flags.notify, names));
  // As with one account: a page without {date} is opened before anything is read, so it fails first.
  let page = opts.html === undefined || opts.html.includes('{date}') ? undefined : await openPage(opts.html);
  try {
    const now = new Date();
    // The status lines are the runner's; Ctrl-C is 130 whatever some accounts finished: nothing half-done is written.
    const results = await pulseEach(ctx, list, { ...flags, tz: opts.tz }, now);
    const pulses = results.map(toPulse);
    const first = results[0];
    if (names.length === 1) {
      // A list of one is one account: its own output, byte for byte, and its own exit code.
      if (!first.ok) throw first.error;
      const report = first.value;
      if (page === undefined && opts.html !== undefined) page = await openPage(opts.html.replaceAll('{date}', report.date));
      await writePage(page, () => renderHtml(report));
      return await deliver(ctx, report, { ...flags, notify: notifyTo ? notifyTo.get(first.account.name) : undefined });
    }
    if (page === undefined && opts.html !== undefined) page = await openPage(opts.html.replaceAll('{date}', latestDay(pulses)));
    await writePage(page, () => renderAccountsHtml(pulses, now.toISOString()));
    return await deliverAll(ctx, pulses, results, flags, notifyTo);
  } catch (err) {
    await page?.abort();
    throw page ? page.explain(err) : err;
  }
}

async function writePage(page: AtomicFile | undefined, html: () => string): Promise<void> {
  if (page === undefined) return;
  page.stream.write(html());
  await page.commit();
}

/** `{date}` over several accounts: the latest day they looked at (their yesterdays differ across zones). */
function latestDay(pulses: AccountPulse[]): string {
  return (
    pulses
      .flatMap((p) => (p.report ? [p.report.date] : []))
      .sort()
      .at(-1) ?? 'no-day'
  );
}

/** Every account's report, concurrently within --concurrency; progress counts the requests of all. */
async function pulseEach(
  ctx: Context,
  list: AccountList,
  flags: PulseFlags & { tz?: string },
  now: Date,
): Promise<Array<AccountResult<PulseReport>>> {
  const ui = await ctx.ui();
  const counts = new Map<string, [number, number]>();
  const progress = (name: string, done: number, total: number) => {
    counts.set(name, [done, total]);
    const sum = [...counts.values()].reduce(([d, t], [d2, t2]) => [d + d2, t + t2], [0, 0]);
    ui.progress(sum[0], sum[1], 'requests');
  };
  const warehouse = serial();
  return eachAccount(ctx, {
    ...list,
    tz: flags.tz,
    concurrency: flags.concurrency,
    doneVerb: 'read',
    label: false,
    call: async (child, account, signal) => {
      const service = serviceOf((await child.credentials()).baseUrl, ctx.globals.sandbox === true);
      return pulseOne(ctx, flags, { client: await child.sdk(), account, service, signal, now, warehouse, progress });
    },
  });
}

/** Runs one task at a time: a warehouse file is read by one account after the other. */
function serial(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = last.then(task, task);
    last = run.catch(() => undefined);
    return run;
  };
}

interface OneAccount {
  client: MasgClient;
  account: AccountInfo;
  /** The service the account is reached at (warehouse/service.ts): the warehouse's rows must be from it. */
  service: string;
  signal: AbortSignal;
  now: Date;
  warehouse: <T>(task: () => Promise<T>) => Promise<T>;
  progress: (name: string, done: number, total: number) => void;
}

/** One account's pulse: its day in its zone, its rows (its part of the warehouse, else the service), the analysis. */
async function pulseOne(ctx: Context, flags: PulseFlags, one: OneAccount): Promise<PulseReport> {
  const { client, account, service, signal, now } = one;
  const { date, baselineDays, target } = flags;
  // Each account's days are its own: yesterday in its zone; an unknown zone refuses relative days (exit 3) for this account only.
  const tz = accountTimeZone(undefined, account.timeZone);
  const range = parseDateRange({ date, tz, now });
  const day = `${range.start.slice(0, 4)}-${range.start.slice(4, 6)}-${range.start.slice(6, 8)}`;
  const who = `${account.name}: `;
  if (range.clippedFrom)
    (await ctx.ui()).notice(`masg: ${who}${day} is not over yet: the pulse compares the hours so far with whole days.`);
  const email = account.email ?? '';
  const fromDb =
    target &&
    (await one.warehouse(() => fromWarehouse(ctx, target, { account: email, service, timeZone: tz, date: day, baselineDays }, who)));
  let rows = fromDb;
  if (rows === undefined) {
    const onProgress = (done: number, total: number) => one.progress(account.name, done, total);
    rows = await fetchLive(client, { date: day, baselineDays, timeZone: tz, concurrency: flags.concurrency, signal, onProgress });
  }
  return analysePulse({ ...rows, date: day, baselineDays, timeZone: tz, account: email, generatedAt: now.toISOString() }, flags.rules);
}

function toPulse(r: AccountResult<PulseReport>): AccountPulse {
  const base = { name: r.account.name, ...(r.account.email !== undefined && { email: r.account.email }) };
  if (r.ok) return { ...base, status: 'ok', exitCode: ExitCode.OK, report: r.value };
  const code = 'code' in r.error && typeof r.error.code === 'number' ? r.error.code : undefined;
  const message = r.error.message.split('\n')[0];
  return { ...base, status: r.status, exitCode: r.exitCode, ...(code !== undefined && { code }), message };
}

/**
 * The notifications (each account's own state), the reports on stdout, then the exit code. A
 * failed account wins over an alert: 9 promises that the pulse ran and the whole report was
 * written, and an account without a report may hide alerts of its own (README: 8 is a partial
 * success). The alerts found are said all the same, and are in the report.
 */
async function deliverAll(
  ctx: Context,
  pulses: AccountPulse[],
  results: Array<AccountResult<PulseReport>>,
  flags: PulseFlags,
  notifyTo: Map<string, NotifyTarget> | undefined,
): Promise<CommandResult> {
  const unposted: MasgError[] = [];
  for (const p of notifyTo ? pulses : []) {
    const failed = p.report && (await notifyChanges(ctx, p.report, notifyTo!.get(p.name)!));
    // Named after its account: over several, "the notification could not be posted" alone would not say whose.
    if (failed) unposted.push(new NetworkError(`${p.name}: ${failed.message}`, { cause: failed, hint: failed.hint }));
  }
  const failure = exitFailure(ctx, pulses, results, unposted[0]);
  // A notification that failed and is not what the exit code says is said all the same.
  const ui = await ctx.ui();
  for (const err of unposted) if (err !== failure) ui.warn(err.message);
  const text =
    flags.format === 'json' ? jsonText(ctx, accountsDocument(pulses)) : await screenOf(ctx, (o) => renderAccountsScreen(pulses, o));
  // A reader that closes the pipe early (`| head`) must not turn 8 or 9 into 0: the code is decided now.
  if (failure) ctx.io.exitOnClosedPipe?.(failure.exitCode);
  await writeReport(ctx, text);
  if (failure) throw failure;
  return { kind: 'done' };
}

function exitFailure(
  ctx: Context,
  pulses: AccountPulse[],
  results: Array<AccountResult<PulseReport>>,
  notified: MasgError | undefined,
): MasgError | undefined {
  const failed = pulses.filter((p) => p.status !== 'ok');
  const count = alertCount(pulses);
  const found = `${counted(count.alerts, 'alerts')} in ${count.accounts} of ${pulses.length} accounts`;
  if (failed.length === pulses.length) return accountsError(results);
  if (failed.length > 0) {
    const names = failed.map((f) => f.name).join(', ');
    return new PartialError(
      `${failed.length} of ${pulses.length} accounts have no report (${names})${count.alerts ? `; ${found}` : ''} (exit 8).`,
    );
  }
  if (notified) return notified;
  if (count.alerts === 0) return undefined;
  const alerts = new AlertsFoundError(`${found} (exit 9).`);
  // An alert is a result, not a failure: --quiet keeps stderr empty (the exit code says it).
  if (ctx.globals.quiet) markReported(alerts);
  return alerts;
}
