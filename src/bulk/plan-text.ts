// The plan as text for --dry-run: what would change, one line per field. Values come from the
// service and a user's file, so control characters are cleaned before they reach a terminal.
import { sanitizeForDisplay } from '../output/sanitize.js';
import type { UpdatePlan } from './plan.js';

const show = (value: string) => (value === '' ? '(empty)' : sanitizeForDisplay(value));

export function planLines(plan: UpdatePlan): string[] {
  const lines: string[] = [];
  for (const row of plan.rows) {
    if (row.action === 'unchanged') continue;
    if (row.action === 'error') {
      lines.push(`! line ${row.line}: ${plan.entity} ${row.id}: ${row.message}`);
      continue;
    }
    lines.push(`~ line ${row.line}: ${plan.entity} ${row.id} (${show(row.name)})`);
    for (const c of row.changes) lines.push(`    ${c.field}: ${show(c.from)} → ${show(c.to)}`);
  }
  lines.push(planSummary(plan));
  return lines;
}

export function planSummary(plan: UpdatePlan): string {
  const count = (action: string) => plan.rows.filter((r) => r.action === action).length;
  const errors = count('error');
  const parts = [`${count('update')} to update`, `${count('unchanged')} unchanged`];
  if (errors > 0) parts.push(`${errors} not found`);
  return `Plan: ${parts.join(', ')}.`;
}
