// The pulse of several accounts on a terminal: the overview (accounts ranked by their alerts,
// then by the fall of their earnings), then each account's own screen, in the same order, headed
// by the account's name. Every account's screen is exactly the one it has alone.
import { group } from '../output/chart.js';
import { sanitizeStrings } from '../output/sanitize.js';
import { displayWidth, truncate, wrapSentence } from '../output/width.js';
import { overview, type AccountPulse, type OverviewRow } from './accounts.js';
import { changeText } from './figures.js';
import { changeTone, renderScreen, type ScreenOptions } from './screen.js';

export function renderAccountsScreen(accounts: readonly AccountPulse[], opts: ScreenOptions): string {
  const { chalk, width } = opts;
  const rows = sanitizeStrings(overview(accounts));
  const w = Math.max(40, Math.min(width ?? 80, 120));
  const fit = (s: string) => (width !== undefined && displayWidth(s) > w ? truncate(s, w) : s);
  const failed = rows.filter((r) => r.status !== 'ok').length;
  const alerts = rows.reduce((n, r) => n + (r.alerts ?? 0), 0);
  const title = `Pulse of ${rows.length} accounts: ${alerts} alert${alerts === 1 ? '' : 's'}${failed ? `, ${failed} without a report` : ''}`;
  const lines = [chalk.bold(fit(title)), '', ...overviewLines(rows, opts, fit, w)];
  const byName = new Map(accounts.map((a) => [a.name, a]));
  for (const r of rows) {
    const report = byName.get(r.account)?.report;
    if (report === undefined) continue;
    const who = r.email === null ? r.account : `${r.account} (${r.email})`;
    lines.push('', chalk.bold.inverse(fit(` ${who} `)), '', renderScreen(report, opts).trimEnd());
  }
  return `${lines
    .flatMap((l) => l.split('\n'))
    .map((l) => l.trimEnd())
    .join('\n')}\n`;
}

/** One line per account; only plain text is cut (the colours go on after), the name to its column, the rest to the width. */
function overviewLines(rows: OverviewRow[], { chalk, width }: ScreenOptions, fit: (s: string) => string, w: number): string[] {
  const nameWidth = Math.min(24, Math.max(7, ...rows.map((r) => displayWidth(r.account))));
  const name = (s: string) => {
    const cut = displayWidth(s) > nameWidth ? truncate(s, nameWidth) : s;
    return cut + ' '.repeat(Math.max(0, nameWidth - displayWidth(cut)));
  };
  // What follows the figures is a sentence (why there is no report, the day and its zone): it goes on
  // under the name when it does not fit, never cut.
  const indent = ' '.repeat(nameWidth + 2);
  const rest = (s: string, used: number) => {
    if (width === undefined || displayWidth(s) <= w - used) return s;
    const lines = wrapSentence(s, w - indent.length).join(`\n${indent}`);
    // Beside the name (a failed account's message) it starts there; after the figures, on the next line.
    return used <= indent.length ? lines : `\n${indent}${lines}`;
  };
  const head = `${name('Account')}  ${'alerts'.padStart(6)}  ${'watches'.padStart(7)}  ${'earnings'.padStart(12)}  ${'change'.padStart(9)}  day`;
  const lines = [chalk.bold(fit(head))];
  for (const r of rows) {
    if (r.status !== 'ok') {
      lines.push(`${name(r.account)}  ${chalk.red(rest(`no report: ${r.message ?? r.status} (exit ${r.exitCode})`, nameWidth + 2))}`);
      continue;
    }
    const e = r.earnings!;
    const change = changeText(e.change);
    const tone = changeTone(e.change);
    const painted = tone === 'up' ? chalk.green(change) : tone === 'down' ? chalk.red(change) : change;
    const alerts = String(r.alerts).padStart(6);
    const figures = `${String(r.watches).padStart(7)}  ${group(e.value).padStart(12)}  ${' '.repeat(Math.max(0, 9 - change.length))}`;
    const used = nameWidth + 2 + 6 + 2 + figures.length + change.length + 2;
    lines.push(
      `${name(r.account)}  ${r.alerts ? chalk.red.bold(alerts) : alerts}  ${figures}${painted}  ${rest(`${r.date} ${r.timeZone ?? 'zone unknown'}`, used)}`,
    );
  }
  return lines;
}
