// The pulse of several accounts as one self-contained page: an overview that ranks the accounts
// (most alerts first, then the largest fall of earnings against the baseline), then a section per
// account, in the same order, holding exactly what the page of that account alone holds. The same
// rules as html.ts: no script, nothing loaded, every name from the service sanitised and escaped.
// `data-key` names each figure's place in the `-o json` document (`accounts.N…`, `reports.N…`).
import { sanitizeStrings } from '../output/sanitize.js';
import { accountsDocument, overview, type AccountPulse, type OverviewRow } from './accounts.js';
import { esc, grouped } from './html-charts.js';
import { CSS, pageHead, reportSections } from './html.js';
import { changeText } from './figures.js';
import { changeTone } from './screen.js';

const MORE_CSS = `
section.account { break-inside: auto; border-top: 3px solid #1b1f24; margin-top: 2rem; }
h3 { font-size: 1rem; margin: 1.2rem 0 .4rem; border-bottom: 1px solid #d0d7de; }
td.failed { color: #b42318; }
`;

export function renderAccountsHtml(accounts: readonly AccountPulse[], generatedAt: string): string {
  // Names are data: no control character reaches the page, whatever the markup.
  const list = sanitizeStrings(accounts.map((a) => ({ ...a })));
  const rows = overview(list);
  const doc = accountsDocument(list);
  const alerts = rows.reduce((n, r) => n + (r.alerts ?? 0), 0);
  const title = `Pulse of ${rows.length} accounts`;
  const days = [...new Set(rows.flatMap((r) => (r.date === null ? [] : [r.date])))].sort();
  const sections = rows.flatMap((r, i) => {
    const index = doc.reports.findIndex((x) => x.profile === r.account);
    if (index < 0) return [];
    const report = doc.reports[index];
    return [
      `<section class="account" id="account-${i}">
<h2>${esc(r.account)}</h2>
<p class="meta">Account <span data-key="reports.${index}.account">${esc(report.account ?? '')}</span> · day <span data-key="reports.${index}.date">${esc(report.date)}</span> · zone <span data-key="reports.${index}.timeZone">${esc(report.timeZone ?? 'unknown')}</span> ·
compared with ${report.comparedDays.length} comparable of the <span data-key="reports.${index}.baselineDays">${report.baselineDays}</span> days before</p>
${reportSections(report, { key: `reports.${index}.`, id: `a${i}-`, h: 'h3' })}
</section>`,
    ];
  });
  return `${pageHead(`${esc(title)}${alerts > 0 ? ` – ${alerts} alert${alerts === 1 ? '' : 's'}` : ''}`, CSS + MORE_CSS)}
<body>
<header>
<h1>${esc(title)}</h1>
<p class="meta">${days.length === 1 ? `Day ${esc(days[0])}, each in its account's zone` : `Days ${days.map(esc).join(', ')}: yesterday is each account's own`} ·
made <time datetime="${esc(generatedAt)}">${esc(generatedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time> by masg pulse</p>
</header>
${overviewSection(rows)}
${sections.join('\n')}
</body>
</html>
`;
}

function overviewSection(rows: OverviewRow[]): string {
  const body = rows.map((r, i) => {
    const name = `<td data-key="accounts.${i}.account">${r.status === 'ok' ? `<a href="#account-${i}">${esc(r.account)}</a>` : esc(r.account)}</td>`;
    if (r.status !== 'ok') {
      const why = `${r.message ?? r.status} (exit ${r.exitCode})`;
      return `<tr>${name}<td colspan="7" class="failed" data-key="accounts.${i}.status">No report: ${esc(why)}</td></tr>`;
    }
    const e = r.earnings!;
    const tone = changeTone(e.change);
    return (
      `<tr>${name}<td class="n ${r.alerts ? 'alert' : ''}" data-key="accounts.${i}.alerts">${r.alerts}</td>` +
      `<td class="n" data-key="accounts.${i}.watches">${r.watches}</td>` +
      `<td class="n" data-key="accounts.${i}.earnings.value">${grouped(e.value)} ${esc(e.currency)}</td>` +
      `<td class="n">${grouped(e.baseline)}</td>` +
      `<td class="n ${tone === 'flat' ? '' : tone}" data-key="accounts.${i}.earnings.change">${changeText(e.change)}</td>` +
      `<td data-key="accounts.${i}.date">${esc(r.date ?? '')}</td><td>${esc(r.timeZone ?? 'unknown')}</td></tr>`
    );
  });
  return `<section><h2>Overview</h2>
<p class="meta">Ranked by alerts, then by the fall of earnings against the baseline; accounts without a report last.</p>
<table><thead><tr><th>Account</th><th class="n">Alerts</th><th class="n">Watches</th><th class="n">Earnings</th><th class="n">Baseline</th><th class="n">Change</th><th>Day</th><th>Zone</th></tr></thead>
<tbody>
${body.join('\n')}
</tbody></table></section>`;
}
