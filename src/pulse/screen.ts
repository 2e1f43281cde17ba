// The pulse on a terminal: one screen at 80 columns. Findings first (alerts in colour), then
// the headline figures with their change and a sparkline of the baseline days, then the movers
// and the campaigns. Every line is cut to the width; the whole report is in -o json and --html.
import type { ChalkInstance } from 'chalk';
import { group, sparkline } from '../output/chart.js';
import { displayWidth, truncate } from '../output/width.js';
import { HEADLINE, type Finding, type Headline, type PulseReport } from './types.js';

export interface ScreenOptions {
  chalk: ChalkInstance;
  /** Terminal columns; 80 when unknown (a pipe). */
  width?: number;
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

/** "+12.5 %", "-3.0 %", "–" without a baseline. */
export function changeText(change: string | null): string {
  return change === null ? '–' : `${change.startsWith('-') ? '' : '+'}${change} %`;
}

export function renderScreen(r: PulseReport, { chalk, width = 80 }: ScreenOptions): string {
  const w = Math.max(40, Math.min(width, 120));
  const lines: string[] = [];
  const fit = (s: string) => (displayWidth(s) > w ? truncate(s, w) : s);
  const weekday = new Date(`${r.date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
  lines.push(
    chalk.bold(
      fit(
        `Pulse of ${r.date} (${weekday}) · ${r.timeZone ?? 'zone unknown'} · against ${r.comparedDays.length} comparable of the ${r.baselineDays} days before`,
      ),
    ),
  );

  const alerts = r.findings.filter((f) => f.severity === 'alert').length;
  const watches = r.findings.length - alerts;
  lines.push('');
  if (r.findings.length === 0) lines.push(chalk.green('No findings: nothing outside its baseline.'));
  else lines.push(chalk.bold(`Findings: ${plural(alerts, 'alert')}, ${plural(watches, 'watch', 'watches')}`));
  for (const f of r.findings.slice(0, MAX_FINDINGS)) {
    const tag = f.severity === 'alert' ? chalk.red.bold('ALERT') : chalk.yellow('watch');
    lines.push(`${tag} ${chalk.dim(f.kind.padEnd(6))} ${fitPlain(shortFinding(f), w - 13)}`);
  }
  if (r.findings.length > MAX_FINDINGS) lines.push(chalk.dim(`… and ${r.findings.length - MAX_FINDINGS} more: -o json or --html for all.`));

  lines.push('');
  const p = r.publisher;
  const spark = Math.max(7, Math.min(28, w - 58));
  lines.push(chalk.bold(`${'Publisher'.padEnd(12)}${'day'.padStart(14)}${'baseline'.padStart(14)}${'change'.padStart(10)}  trend`));
  const daily = p.daily.slice(0, -1);
  const series: Partial<Record<Headline, string[]>> = {
    requests: daily.map((d) => d.requests),
    impressions: daily.map((d) => d.impressions),
    clicks: daily.map((d) => d.clicks),
    earnings: daily.map((d) => d.earnings),
  };
  for (const key of HEADLINE) {
    const change = changeText(p.change[key]);
    const painted = p.change[key] === null ? change : p.change[key].startsWith('-') ? chalk.red(change) : chalk.green(change);
    const values = series[key];
    const trend = values ? sparkline(values, Math.max(1, Math.ceil(values.length / spark))) : '';
    const label = key === 'earnings' ? `${LABELS[key]} ${p.currency}` : LABELS[key];
    lines.push(
      `${label.padEnd(12)}${group(p[key]).padStart(14)}${group(p.baseline[key]).padStart(14)}${' '.repeat(Math.max(0, 10 - change.length))}${painted}  ${chalk.cyan(trend)}`,
    );
  }

  if (r.movers.up.length + r.movers.down.length > 0) {
    lines.push('');
    lines.push(chalk.bold('Movers (earnings against baseline)'));
    const half = Math.floor((w - 2) / 2);
    const cell = (m: PulseReport['movers']['up'][number] | undefined, up: boolean) => {
      if (!m) return '';
      const delta = `${up ? '▲' : '▼'} ${up ? '+' : ''}${group(m.delta)}`;
      return `${delta.padEnd(12)} ${fitPlain(m.name, half - 14)}`;
    };
    for (let i = 0; i < Math.max(r.movers.up.length, r.movers.down.length); i++) {
      const left = cell(r.movers.up[i], true);
      lines.push(
        `${chalk.green(left)}${' '.repeat(Math.max(1, half - displayWidth(left) + 2))}${chalk.red(cell(r.movers.down[i], false))}`,
      );
    }
  }

  if (r.campaigns.length > 0) {
    lines.push('');
    lines.push(chalk.bold('Campaigns'));
    for (const c of r.campaigns.slice(0, MAX_CAMPAIGNS)) {
      const budget = c.dailyBudget === null ? '' : `, ${c.dailyUsed ?? '0.0'} % of daily budget ${group(c.dailyBudget)}`;
      lines.push(
        fitPlain(
          `${c.name}: spend ${group(c.spend.value)} (${changeText(c.spend.change)}), ${group(c.impressions.value)} impressions${budget}`,
          w,
        ),
      );
    }
    if (r.campaigns.length > MAX_CAMPAIGNS) lines.push(chalk.dim(`… and ${r.campaigns.length - MAX_CAMPAIGNS} more campaigns.`));
  }
  return `${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

const WHAT: Record<string, string> = { account: 'Account', publication: 'Publication', adslot: 'Ad slot', campaign: 'Campaign' };

/** A finding in one line: what, which, the figure and what it was compared with (the message is in the JSON and the page). */
function shortFinding(f: Finding): string {
  const who = f.entity === 'account' ? 'Account' : `${WHAT[f.entity]} "${f.name}"`;
  const against = f.kind === 'budget' ? (f.baseline === '' ? '' : `, budget ${group(f.baseline)}`) : `, baseline ${group(f.baseline)}`;
  return `${who}: ${f.metric} ${group(f.value)}${against}`;
}

function fitPlain(s: string, width: number): string {
  return displayWidth(s) > width ? truncate(s, width) : s;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
