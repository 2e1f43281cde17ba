// The pulse on a terminal: one screen at 80 columns. Findings first (alerts in colour), then
// the headline figures with their change and a sparkline of the baseline days, then the movers
// and the campaigns. On a terminal every line is cut to its width; piped text is never cut (laid
// out for 80 columns). The whole report is in -o json and --html. Names from the service are
// sanitised once, on the way in: they are data, never terminal control.
import type { ChalkInstance } from 'chalk';
import { group, sparkline } from '../output/chart.js';
import { sanitizeStrings } from '../output/sanitize.js';
import { displayWidth, truncate, wrapSentence } from '../output/width.js';
import { changeText } from './figures.js';
import { HEADLINE, type Finding, type Headline, type PulseReport } from './types.js';

export interface ScreenOptions {
  chalk: ChalkInstance;
  /** Terminal columns; undefined for a pipe or a file (laid out for 80 columns, never cut). */
  width?: number;
  /** --wide: every finding and every campaign, not the first few. */
  wide?: boolean;
}

const LABELS: Record<Headline, string> = {
  requests: 'Requests',
  impressions: 'Impressions',
  fillRate: 'Fill rate',
  clicks: 'Clicks',
  ctr: 'CTR',
  earnings: 'Earnings',
  ecpm: 'eCPM',
};
const MAX_FINDINGS = 8;
const MAX_CAMPAIGNS = 3;

/** How a section lays out its lines: the width to lay out for, and the cut (none for a pipe). */
interface Layout {
  chalk: ChalkInstance;
  w: number;
  fit: (s: string, columns?: number) => string;
  /** A sentence on a terminal: wrapped at spaces, never cut; piped, one line. */
  wrap: (s: string, columns?: number) => string[];
  wide: boolean;
}

export function renderScreen(report: PulseReport, { chalk, width, wide }: ScreenOptions): string {
  const r = sanitizeStrings(report);
  const w = Math.max(40, Math.min(width ?? 80, 120));
  const fit = (s: string, columns = w) => (width !== undefined && displayWidth(s) > columns ? truncate(s, columns) : s);
  const wrap = (s: string, columns = w) => (width === undefined ? [s] : wrapSentence(s, columns));
  const layout: Layout = { chalk, w, fit, wrap, wide: wide === true };
  const lines = [...findingLines(r, layout), '', ...headlineLines(r, layout), ...moverLines(r, layout), ...campaignLines(r, layout)];
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

/** A finding's tag and kind ("ALERT budget "): its wrapped lines start under the sentence. */
const TAG_WIDTH = 13;

function findingLines(r: PulseReport, { chalk, w, wrap, wide }: Layout): string[] {
  const weekday = new Date(`${r.date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  const zone = r.timeZone ?? 'zone unknown';
  const head = `Pulse of ${r.date} (${weekday}) · ${zone} · against ${r.comparedDays.length} comparable of the ${r.baselineDays} days before`;
  const lines = [...wrap(head).map((l) => chalk.bold(l)), ''];
  const alerts = r.findings.filter((f) => f.severity === 'alert').length;
  const watches = r.findings.length - alerts;
  if (r.findings.length === 0) lines.push(chalk.green('No findings: nothing outside its baseline.'));
  else lines.push(chalk.bold(`Findings: ${plural(alerts, 'alert')}, ${plural(watches, 'watch', 'watches')}`));
  const shown = wide ? r.findings.length : MAX_FINDINGS;
  for (const f of r.findings.slice(0, shown)) {
    const tag = f.severity === 'alert' ? chalk.red.bold('ALERT') : chalk.yellow('watch');
    const [first = '', ...more] = wrap(shortFinding(f), w - TAG_WIDTH);
    lines.push(`${tag} ${chalk.dim(f.kind.padEnd(6))} ${first}`, ...more.map((l) => `${' '.repeat(TAG_WIDTH)}${l}`));
  }
  if (r.findings.length > shown) lines.push(chalk.dim(`… and ${r.findings.length - shown} more: --wide, -o json or --html for all.`));
  // A check that could not run is said, so fewer alerts are never read as fewer problems.
  for (const u of r.unchecked ?? []) {
    lines.push(...wrap(`not checked: the overall budget of Campaign "${u.name}": ${u.why}.`).map((l) => chalk.yellow(l)));
  }
  return lines;
}

function headlineLines(r: PulseReport, { chalk, w }: Layout): string[] {
  const p = r.publisher;
  const spark = Math.max(7, Math.min(28, w - 58));
  const lines = [chalk.bold(`${'Publisher'.padEnd(12)}${'day'.padStart(14)}${'baseline'.padStart(14)}${'change'.padStart(10)}  trend`)];
  const daily = p.daily.slice(0, -1);
  const series: Partial<Record<Headline, string[]>> = {
    requests: daily.map((d) => d.requests),
    impressions: daily.map((d) => d.impressions),
    clicks: daily.map((d) => d.clicks),
    earnings: daily.map((d) => d.earnings),
  };
  for (const key of HEADLINE) {
    const change = changeText(p.change[key]);
    const tone = changeTone(p.change[key]);
    const painted = tone === 'up' ? chalk.green(change) : tone === 'down' ? chalk.red(change) : change;
    const values = series[key];
    const trend = values ? sparkline(values, Math.max(1, Math.ceil(values.length / spark))) : '';
    const label = key === 'earnings' ? `${LABELS[key]} ${p.currency}` : LABELS[key];
    lines.push(
      `${label.padEnd(12)}${group(p[key]).padStart(14)}${group(p.baseline[key]).padStart(14)}${' '.repeat(Math.max(0, 10 - change.length))}${painted}  ${chalk.cyan(trend)}`,
    );
  }
  return lines;
}

function moverLines(r: PulseReport, { chalk, w, fit }: Layout): string[] {
  if (r.movers.up.length + r.movers.down.length === 0) return [];
  const lines = ['', chalk.bold('Movers (earnings against baseline)')];
  const half = Math.floor((w - 2) / 2);
  const cell = (m: PulseReport['movers']['up'][number] | undefined, up: boolean) => {
    if (!m) return '';
    const delta = `${up ? '▲' : '▼'} ${up ? '+' : ''}${group(m.delta)}`;
    return `${delta.padEnd(12)} ${fit(m.name, half - 14)}`;
  };
  for (let i = 0; i < Math.max(r.movers.up.length, r.movers.down.length); i++) {
    const left = cell(r.movers.up[i], true);
    lines.push(`${chalk.green(left)}${' '.repeat(Math.max(1, half - displayWidth(left) + 2))}${chalk.red(cell(r.movers.down[i], false))}`);
  }
  return lines;
}

function campaignLines(r: PulseReport, { chalk, w, wrap, wide }: Layout): string[] {
  if (r.campaigns.length === 0) return [];
  const lines = ['', chalk.bold('Campaigns')];
  const shown = wide ? r.campaigns.length : MAX_CAMPAIGNS;
  for (const c of r.campaigns.slice(0, shown)) {
    const budget = c.dailyBudget === null ? '' : `, ${c.dailyUsed ?? '0.0'} % of daily budget ${group(c.dailyBudget)}`;
    const text = `${c.name}: spend ${group(c.spend.value)} (${changeText(c.spend.change)}), ${group(c.impressions.value)} impressions${budget}`;
    const [first = '', ...more] = wrap(text, w);
    lines.push(
      first,
      ...wrap(more.join(' '), w - 2)
        .filter((l) => l !== '')
        .map((l) => `  ${l}`),
    );
  }
  if (r.campaigns.length > shown) lines.push(chalk.dim(`… and ${r.campaigns.length - shown} more campaigns (--wide shows them).`));
  return lines;
}

/**
 * Whether a change is worth a colour: below 1 % either way it is noise (±0.1 % painted green or
 * red reads as news), so it stays plain; a change is one-decimal text, compared as such.
 */
export function changeTone(change: string | null): 'up' | 'down' | 'flat' {
  if (change === null) return 'flat';
  const size = Number(change.replace('-', ''));
  if (size < NOTABLE_CHANGE) return 'flat';
  return change.startsWith('-') ? 'down' : 'up';
}

/** Percent from which a change is painted (green up, red down) on the screen and the page. */
export const NOTABLE_CHANGE = 1;

const WHAT: Record<string, string> = { account: 'Account', publication: 'Publication', adslot: 'Ad slot', campaign: 'Campaign' };

/** A finding in one line: what, which, the figure and what it was compared with (the message is in the JSON and the page). */
function shortFinding(f: Finding): string {
  const who = f.entity === 'account' ? 'Account' : `${WHAT[f.entity]} "${f.name}"`;
  if (f.kind === 'restatement' && f.restated) {
    const change = f.restated.change === null ? 'new' : `${Number(f.restated.change) > 0 ? '+' : ''}${f.restated.change} %`;
    return `${who}: ${f.metric} of ${f.restated.date} restated ${group(f.baseline)} → ${group(f.value)} (${change})`;
  }
  if (f.kind !== 'budget') return `${who}: ${f.metric} ${group(f.value)}, baseline ${group(f.baseline)}`;
  // Which budget, always: "spend 181.77, daily budget 50.00" never looks like the overall one.
  const toDate = f.budget === 'overall' ? ' to date' : '';
  const against = f.baseline === '' ? '' : `, ${budgetLabel(f)} ${group(f.baseline)}`;
  return `${who}: ${f.metric} ${group(f.value)}${toDate}${against}`;
}

/** "daily budget" or "overall budget": what a budget finding's figure was compared with. */
export function budgetLabel(f: Pick<Finding, 'budget'>): string {
  return f.budget === 'overall' ? 'overall budget' : 'daily budget';
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
