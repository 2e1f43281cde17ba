// The pulse tool: `masg pulse -o json` itself (the command's run, with its checks, its warehouse
// or service rows and src/pulse's analysis), its document returned as the structured result.
// Long lists (publications, campaigns, findings) are cut at the cap, saying how many were left out.
import * as z from 'zod';
import { sanitizeStrings } from '../output/sanitize.js';
import type { PulseReport } from '../pulse/types.js';
import { answer } from './results.js';
import { accountParam, defineTool, MAX_ROWS, READ } from './tool.js';
import { pulseReport } from '../commands/pulse.js';

const LISTS = ['publications', 'campaigns', 'findings'] as const;

function compact(report: PulseReport): { report: PulseReport; cut: Record<string, number> } {
  const cut: Record<string, number> = {};
  const copy = { ...report };
  for (const key of LISTS) {
    const list = report[key] as unknown[];
    if (list.length > MAX_ROWS) {
      cut[key] = list.length - MAX_ROWS;
      (copy as Record<string, unknown>)[key] = list.slice(0, MAX_ROWS);
    }
  }
  return { report: copy, cut };
}

function render(r: PulseReport, account: string): string {
  const p = r.publisher;
  const change = (k: 'earnings' | 'impressions' | 'requests') =>
    p.change[k] === null ? '' : ` (${p.change[k]}% vs baseline ${p.baseline[k]})`;
  const lines = [
    `Pulse of ${r.date} (${r.timeZone ?? 'zone unknown'}), account ${account}, against ${r.comparedDays.length} baseline days:`,
    `earnings ${p.earnings} ${p.currency}${change('earnings')}; impressions ${p.impressions}${change('impressions')}; requests ${p.requests}${change('requests')}.`,
  ];
  if (r.findings.length === 0) lines.push('No findings: nothing looks wrong.');
  for (const f of r.findings.slice(0, 20)) lines.push(`- [${f.severity}] ${f.message}`);
  if (r.findings.length > 20) lines.push(`… and ${r.findings.length - 20} more findings in the structured result.`);
  return lines.join('\n');
}

export const pulseTool = defineTool({
  name: 'pulse',
  title: 'Pulse of a day',
  description:
    'How a day went, as `masg pulse -o json`: headline figures against the baseline days, movers, campaigns, and findings ' +
    '(outages, drops, spikes, budgets) with severity alert or watch. Use it first for "what went wrong". ' +
    'Money as exact decimal strings in USD; changes in percent.',
  input: z.object({
    account: accountParam,
    date: z.string().optional().describe("The day: yesterday (default), -Nd (e.g. -2d) or YYYY-MM-DD, in the account's time zone."),
    baselineDays: z.number().int().min(1).max(90).optional().describe('Days before it to compare with (1-90, default 7).'),
  }),
  output: z.object({
    account: z.string(),
    zone: z.string().nullable(),
    date: z.string().describe('The resolved day, YYYY-MM-DD in zone.'),
    alerts: z.number().int(),
    report: z.record(z.string(), z.unknown()).describe("masg pulse's JSON document (see docs/pulse.md)."),
    cut: z.record(z.string(), z.number().int()).describe(`Lists longer than ${MAX_ROWS}: how many items were left out of each.`),
  }),
  annotations: READ,
  async run(args, call) {
    const ctx = await call.context(args.account);
    const full = await pulseReport(ctx, {
      date: args.date,
      baseline: args.baselineDays === undefined ? undefined : String(args.baselineDays),
    });
    const { report, cut } = compact(full);
    const account = (await ctx.credentials()).profile;
    const alerts = full.findings.filter((f) => f.severity === 'alert').length;
    const structured = { account, zone: full.timeZone, date: full.date, alerts, report: report as unknown as Record<string, unknown>, cut };
    // The text is read as prose: service text in it (names in findings) is made inert as on the CLI's
    // screen and in the Slack payload, so a name cannot start a line, move the cursor or reorder text.
    return answer(structured, render(sanitizeStrings(full), sanitizeStrings(account)));
  },
});
