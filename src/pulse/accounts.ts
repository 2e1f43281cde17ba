// The pulse over several accounts: each account's report (or why there is none), its findings
// naming the account, the overview that ranks the accounts, and the `-o json` document of such a
// run. One account never comes here: its report and every output stay as they always were.
import type { Compared, Finding, PulseReport } from './types.js';

/** A finding of a run over several accounts: its account's profile name first, as every output over several accounts names it. */
export type AccountFinding = { account: string } & Finding;

/** One account's report in a run over several: `profile` names it, its findings carry it. */
export type AccountReport = Omit<PulseReport, 'findings'> & { profile: string; findings: AccountFinding[] };

/** One account's outcome, as forEachAccount reports it: a report, or the failure and its exit class. */
export interface AccountPulse {
  /** The profile name. */
  name: string;
  /** The account's e-mail, when its profile could be read. */
  email?: string;
  status: 'ok' | 'restricted' | 'rejected' | 'interrupted' | 'failed';
  exitCode: number;
  /** The service's masg-error code, when it refused. */
  code?: number;
  /** Why there is no report (its first line). */
  message?: string;
  report?: PulseReport;
}

/** One line of the overview: an account, its alerts, watches and earnings against the baseline, or its failure. */
export interface OverviewRow {
  account: string;
  email: string | null;
  status: AccountPulse['status'];
  exitCode: number;
  code?: number;
  message?: string;
  date: string | null;
  timeZone: string | null;
  alerts: number | null;
  watches: number | null;
  earnings: (Compared & { currency: string }) | null;
}

/** The report with every finding naming its account (the profile name), and `profile` beside the report's e-mail. */
export function withAccount(report: PulseReport, profile: string): AccountReport {
  const { findings, ...rest } = report;
  return { ...rest, profile, findings: findings.map((f) => ({ account: profile, ...f })) };
}

function row(a: AccountPulse): OverviewRow {
  const base = { account: a.name, email: a.email ?? a.report?.account ?? null, status: a.status, exitCode: a.exitCode };
  const r = a.report;
  if (r === undefined) {
    const why = { ...(a.code !== undefined && { code: a.code }), ...(a.message !== undefined && { message: a.message }) };
    return { ...base, ...why, date: null, timeZone: null, alerts: null, watches: null, earnings: null };
  }
  const alerts = r.findings.filter((f) => f.severity === 'alert').length;
  const p = r.publisher;
  const earnings = { value: p.earnings, baseline: p.baseline.earnings, change: p.change.earnings, currency: p.currency };
  return { ...base, date: r.date, timeZone: r.timeZone, alerts, watches: r.findings.length - alerts, earnings };
}

/** A change as a number for ordering only (decisions are made on the exact decimals in analyse.ts); none sorts last. */
const changeOf = (r: OverviewRow) => (r.earnings?.change == null ? Number.POSITIVE_INFINITY : Number(r.earnings.change));

/**
 * The accounts ranked: most alerts first, then the largest fall of earnings against the baseline,
 * then most watches; accounts with equal figures keep the order they were given. The accounts
 * without a report follow, in the order given: they have no figures to rank by.
 */
export function overview(accounts: readonly AccountPulse[]): OverviewRow[] {
  const rows = accounts.map(row);
  const ranked = rows
    .filter((r) => r.status === 'ok')
    .sort((a, b) => b.alerts! - a.alerts! || changeOf(a) - changeOf(b) || b.watches! - a.watches!);
  return [...ranked, ...rows.filter((r) => r.status !== 'ok')];
}

/** The `-o json` document over several accounts: the ranked overview (with each account's status) and the reports in the order given. */
export interface AccountsDocument {
  accounts: OverviewRow[];
  reports: AccountReport[];
}

export function accountsDocument(accounts: readonly AccountPulse[]): AccountsDocument {
  return {
    accounts: overview(accounts),
    reports: accounts.flatMap((a) => (a.report === undefined ? [] : [withAccount(a.report, a.name)])),
  };
}

/** How many alerts the accounts have, and in how many accounts. */
export function alertCount(accounts: readonly AccountPulse[]): { alerts: number; accounts: number } {
  const per = accounts.map((a) => a.report?.findings.filter((f) => f.severity === 'alert').length ?? 0);
  return { alerts: per.reduce((s, n) => s + n, 0), accounts: per.filter((n) => n > 0).length };
}
