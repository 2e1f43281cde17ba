// The pulse as one self-contained HTML page: inline CSS and SVG, no script, nothing loaded from
// the network, so it works offline, as a mail attachment and printed on A4. Every chart has a
// text alternative (its <title>/<desc>) and its figures in a table beside it. Figures carry
// `data-key` attributes naming their place in the JSON, which the browser test compares.
import { sanitizeStrings } from '../output/sanitize.js';
import { changeText } from './figures.js';
import { budgetLabel, changeTone } from './screen.js';
import type { Compared, Headline, PulseReport } from './types.js';

import { bars, esc, grouped, lineChart } from './html-charts.js';

export const CSS = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
body { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1b1f24; margin: 0 auto; max-width: 60rem; padding: 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .2rem; } h2 { font-size: 1.05rem; margin: 1.4rem 0 .4rem; border-bottom: 1px solid #d0d7de; }
.meta { color: #57606a; margin: 0 0 1rem; }
table { border-collapse: collapse; width: 100%; margin: .3rem 0 .8rem; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: .2rem .4rem; border-bottom: 1px solid #eaeef2; vertical-align: top; }
td.n, th.n { text-align: right; white-space: nowrap; }
.alert { color: #b42318; font-weight: 700; } .watch { color: #9a6700; font-weight: 600; }
.up { color: #1a7f37; } .down { color: #b42318; }
.charts { display: flex; flex-wrap: wrap; gap: 1rem; } figure { margin: 0; flex: 1 1 26rem; break-inside: avoid; }
figcaption { font-weight: 600; margin-bottom: .2rem; } svg { width: 100%; height: auto; }
.ok { color: #1a7f37; font-weight: 600; }
.what { color: #57606a; font-size: .85em; } ul.unchecked { margin: .2rem 0 .8rem; padding-left: 1.2rem; }
section { break-inside: avoid-page; }
@media print { body { padding: 0; max-width: none; } h2 { break-after: avoid; } }
`;

export function renderHtml(report: PulseReport): string {
  // Names are data: no control character reaches the page (a `cat` of it, a mail client), whatever the markup.
  const r = sanitizeStrings(report);
  const alerts = r.findings.filter((f) => f.severity === 'alert').length;
  const title = `Pulse of ${r.date}`;
  return `${pageHead(`${esc(title)}${alerts > 0 ? ` – ${alerts} alert${alerts === 1 ? '' : 's'}` : ''}`, CSS)}
<body>
<header>
<h1>${esc(title)}</h1>
<p class="meta">Account <span data-key="account">${esc(r.account ?? '')}</span> · zone <span data-key="timeZone">${esc(r.timeZone ?? 'unknown')}</span> ·
compared with ${r.comparedDays.length} comparable of the <span data-key="baselineDays">${r.baselineDays}</span> days before ·
made <time datetime="${esc(r.generatedAt ?? '')}">${esc((r.generatedAt ?? '').replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time> by masg pulse</p>
</header>
${reportSections(r, ONE)}
</body>
</html>
`;
}

/** The page's head: the title given as HTML (already escaped), the styles, a policy that loads nothing. */
export function pageHead(titleHtml: string, css: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${titleHtml}</title>
<style>${css}</style>
</head>`;
}

/**
 * Where one report's parts sit on a page: the prefix of the JSON path its figures are keyed by
 * (`data-key`), the prefix of its charts' element IDs (unique on a page of several accounts) and
 * the level of its headings.
 */
export interface Place {
  key: string;
  id: string;
  h: 'h2' | 'h3';
}

const ONE: Place = { key: '', id: '', h: 'h2' };

/** A report's sections (findings, figures, charts, tables), sanitised already: the whole page of one account, a part of several. */
export function reportSections(r: PulseReport, at: Place): string {
  return `${findings(r, at)}
${headline(r, at)}
${trend(r, at)}
${publications(r, at)}
${movers(r, at)}
${campaigns(r, at)}`;
}

function findings(r: PulseReport, at: Place): string {
  const unchecked = uncheckedList(r, at);
  if (r.findings.length === 0)
    return `<section><${at.h}>Findings</${at.h}><p class="ok">No findings: nothing outside its baseline.</p>${unchecked}</section>`;
  const rows = r.findings
    .map(
      (f, i) =>
        `<tr><td class="${f.severity}" data-key="${at.key}findings.${i}.severity">${f.severity}</td><td data-key="${at.key}findings.${i}.kind">${f.kind}</td>` +
        `<td data-key="${at.key}findings.${i}.name">${esc(f.name)}</td><td>${f.metric}</td><td class="n" data-key="${at.key}findings.${i}.value">${grouped(f.value)}</td>` +
        `<td class="n">${f.baseline === '' ? '–' : `<span class="what">${f.kind === 'budget' ? budgetLabel(f) : 'baseline'}</span> <span data-key="${at.key}findings.${i}.baseline">${grouped(f.baseline)}</span>`}</td>` +
        `<td>${esc(f.message)}</td></tr>`,
    )
    .join('\n');
  return `<section><${at.h}>Findings</${at.h}>
<table><thead><tr><th>Severity</th><th>Kind</th><th>Name</th><th>Metric</th><th class="n">Value</th><th class="n">Compared with</th><th>What happened</th></tr></thead>
<tbody>
${rows}
</tbody></table>${unchecked}</section>`;
}

/** Checks that could not run, named so fewer alerts are never read as fewer problems. */
function uncheckedList(r: PulseReport, at: Place): string {
  if (r.unchecked.length === 0) return '';
  const items = r.unchecked
    .map(
      (u, i) =>
        `<li><span class="watch">Not checked:</span> the overall budget of campaign <span data-key="${at.key}unchecked.${i}.name">${esc(u.name)}</span>: ${esc(u.why)}.</li>`,
    )
    .join('\n');
  return `\n<ul class="unchecked">\n${items}\n</ul>`;
}

const LABELS: Array<[Headline, string]> = [
  ['requests', 'Requests'],
  ['impressions', 'Impressions'],
  ['fillRate', 'Fill rate'],
  ['clicks', 'Clicks'],
  ['ctr', 'CTR'],
  ['earnings', 'Earnings'],
  ['ecpm', 'eCPM'],
];

function changeCell(change: string | null, key: string): string {
  // Within ±1 % a change is noise: shown, not painted.
  const tone = changeTone(change);
  const cls = tone === 'flat' ? '' : tone;
  return `<td class="n ${cls}" data-key="${key}">${changeText(change)}</td>`;
}

function headline(r: PulseReport, at: Place): string {
  const p = r.publisher;
  const rows = LABELS.map(
    ([k, label]) =>
      `<tr><th scope="row">${label}${k === 'earnings' || k === 'ecpm' ? ` (${esc(p.currency)})` : ''}</th><td class="n" data-key="${at.key}publisher.${k}">${grouped(p[k])}</td>` +
      `<td class="n" data-key="${at.key}publisher.baseline.${k}">${grouped(p.baseline[k])}</td>${changeCell(p.change[k], `${at.key}publisher.change.${k}`)}</tr>`,
  ).join('\n');
  return `<section><${at.h}>Publisher</${at.h}>
<table><thead><tr><th>Figure</th><th class="n">${esc(r.date)}</th><th class="n">Baseline (mean a day)</th><th class="n">Change</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

function trend(r: PulseReport, at: Place): string {
  const d = r.publisher.daily;
  const dates = d.map((x) => x.date);
  const rows = d
    .map(
      (x, i) =>
        `<tr><td data-key="${at.key}publisher.daily.${i}.date">${x.date}</td><td class="n" data-key="${at.key}publisher.daily.${i}.impressions">${grouped(x.impressions)}</td>` +
        `<td class="n" data-key="${at.key}publisher.daily.${i}.earnings">${grouped(x.earnings)}</td></tr>`,
    )
    .join('\n');
  return `<section><${at.h}>Daily trend</${at.h}>
<div class="charts">
<figure><figcaption>Earnings (${esc(r.publisher.currency)})</figcaption>${lineChart(
    `${at.id}trend-earnings`,
    'Earnings',
    dates,
    d.map((x) => x.earnings),
    ` ${r.publisher.currency}`,
  )}</figure>
<figure><figcaption>Impressions</figcaption>${lineChart(
    `${at.id}trend-impressions`,
    'Impressions',
    dates,
    d.map((x) => x.impressions),
    '',
  )}</figure>
</div>
<table><caption class="meta">The figures of the charts</caption><thead><tr><th>Day</th><th class="n">Impressions</th><th class="n">Earnings</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

function publications(r: PulseReport, at: Place): string {
  if (r.publications.length === 0) return '';
  const items = r.publications.map((p) => ({ name: p.name, value: p.earnings.value, mark: p.earnings.baseline, markLabel: 'baseline' }));
  const rows = r.publications
    .map(
      (p, i) =>
        `<tr><td data-key="${at.key}publications.${i}.name">${esc(p.name)}</td><td class="n" data-key="${at.key}publications.${i}.requests">${grouped(p.requests)}</td>` +
        `<td class="n" data-key="${at.key}publications.${i}.impressions">${grouped(p.impressions)}</td><td class="n" data-key="${at.key}publications.${i}.earnings.value">${grouped(p.earnings.value)}</td>` +
        `<td class="n" data-key="${at.key}publications.${i}.earnings.baseline">${grouped(p.earnings.baseline)}</td>${changeCell(p.earnings.change, `${at.key}publications.${i}.earnings.change`)}</tr>`,
    )
    .join('\n');
  return `<section><${at.h}>Earnings per publication</${at.h}>
<figure><figcaption>Earnings of ${esc(r.date)} per publication; the black tick is the baseline</figcaption>${bars(`${at.id}pubs`, 'Earnings per publication', items, ` ${r.publisher.currency}`)}</figure>
<table><thead><tr><th>Publication</th><th class="n">Requests</th><th class="n">Impressions</th><th class="n">Earnings</th><th class="n">Baseline</th><th class="n">Change</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}

function moverRows(list: PulseReport['movers']['up'], key: string, at: Place): string {
  return list
    .map(
      (m, i) =>
        `<tr><td data-key="${at.key}movers.${key}.${i}.name">${esc(m.name)}</td><td>${m.entity === 'adslot' ? 'ad slot' : 'publication'}</td>` +
        `<td class="n" data-key="${at.key}movers.${key}.${i}.earnings.value">${grouped(m.earnings.value)}</td><td class="n">${grouped(m.earnings.baseline)}</td>` +
        `<td class="n ${changeTone(m.earnings.change) === 'flat' ? '' : key}" data-key="${at.key}movers.${key}.${i}.delta">${grouped(m.delta)}</td>${changeCell(m.earnings.change, `${at.key}movers.${key}.${i}.earnings.change`)}</tr>`,
    )
    .join('\n');
}

function movers(r: PulseReport, at: Place): string {
  if (r.movers.up.length + r.movers.down.length === 0) return '';
  return `<section><${at.h}>Movers (earnings against baseline)</${at.h}>
<table><thead><tr><th>Name</th><th>What</th><th class="n">Earnings</th><th class="n">Baseline</th><th class="n">Difference</th><th class="n">Change</th></tr></thead>
<tbody>
${moverRows(r.movers.up, 'up', at)}
${moverRows(r.movers.down, 'down', at)}
</tbody></table></section>`;
}

function used(c: PulseReport['campaigns'][number]): Compared {
  return c.budgetType === 'IMPRESSIONS' ? c.impressions : c.budgetType === 'CLICKS' ? c.clicks : c.spend;
}

function campaigns(r: PulseReport, at: Place): string {
  if (r.campaigns.length === 0) return '';
  const budgeted = r.campaigns.filter((c) => c.dailyUsed !== null);
  const chart =
    budgeted.length === 0
      ? ''
      : `<figure><figcaption>Pacing: the day's use of each daily budget, in percent (the tick is 100 %)</figcaption>${bars(
          `${at.id}pacing`,
          'Daily budget used per campaign',
          budgeted.map((c) => ({ name: c.name, value: c.dailyUsed ?? '0', mark: '100', markLabel: 'budget at' })),
          ' %',
        )}</figure>`;
  const rows = r.campaigns
    .map(
      (c, i) =>
        `<tr><td data-key="${at.key}campaigns.${i}.name">${esc(c.name)}</td><td>${esc(c.status)}</td><td class="n" data-key="${at.key}campaigns.${i}.spend.value">${grouped(c.spend.value)}</td>` +
        `${changeCell(c.spend.change, `${at.key}campaigns.${i}.spend.change`)}<td class="n" data-key="${at.key}campaigns.${i}.impressions.value">${grouped(c.impressions.value)}</td>` +
        `<td class="n">${grouped(c.clicks.value)}</td><td class="n">${grouped(c.conversions.value)}</td>` +
        `<td class="n">${c.dailyBudget === null ? '–' : `${grouped(used(c).value)} of ${grouped(c.dailyBudget)}`}</td>` +
        `<td class="n" data-key="${at.key}campaigns.${i}.dailyUsed">${c.dailyUsed ?? '–'}</td></tr>`,
    )
    .join('\n');
  return `<section><${at.h}>Campaigns</${at.h}>
${chart}
<table><thead><tr><th>Campaign</th><th>Status</th><th class="n">Spend</th><th class="n">Change</th><th class="n">Impressions</th><th class="n">Clicks</th><th class="n">Conversions</th><th class="n">Daily budget</th><th class="n">Used %</th></tr></thead>
<tbody>
${rows}
</tbody></table></section>`;
}
