// `pub update --from FILE` and `slot update --from FILE`: read, check, plan against the current
// state, then either return the plan (--dry-run) or apply it and write one result per row.
import { UsageError } from '../core/errors.js';
import type { CommandResult } from '../output/result.js';
import type { BulkPort } from './port.js';
import { dryRunPlan } from '../output/dry-run.js';
import { DEFAULT_CONCURRENCY } from '../core/pool.js';
import { applyAll, outcomeText, type Outcome } from './apply.js';
import { confirmStops } from './confirm.js';
import { readCsvSource, type Encoding } from './csv-read.js';
import { endOfRun, resultsLost, type Failure } from './finish.js';
import type { PlannedUpdate, UpdateOps } from './ops.js';
import { checkUpdateFile, planUpdates, type RowPlan, type UpdatePlan } from './plan.js';
import { planLines } from './plan-text.js';
import { defaultResultsPath, estimateResultsBytes, fallbackDirs, prepareResults, type ResultRow } from './results.js';

export interface BulkFlags {
  from: string;
  results?: string;
  concurrency?: number;
  continueOnError?: boolean;
  yes?: boolean;
  encoding?: Encoding;
}

export const UPDATE_RESULT_COLUMNS = ['line', 'id', 'result', 'changed'] as const;

export async function planFromFile(ctx: BulkPort, ops: UpdateOps, from: string, encoding?: Encoding): Promise<UpdatePlan> {
  const name = sourceName(from);
  const table = await readCsvSource(from, ctx.io.stdin, encoding);
  checkUpdateFile(ops.schema, table, name);
  return planUpdates(ops.schema, table, await ops.list(await ctx.sdk()), name);
}

/** --dry-run: the plan's lines, then the request of every update it would send. */
async function describeUpdates(ctx: BulkPort, ops: UpdateOps, plan: UpdatePlan): Promise<CommandResult> {
  const sdk = await ctx.sdk();
  const described = [];
  for (const row of plan.rows) if (row.action === 'update') described.push(await ops.describe(sdk, row));
  return { kind: 'dry-run', plan: dryRunPlan(described, planLines(plan)) };
}

export async function updateFromFile(ctx: BulkPort, ops: UpdateOps, flags: BulkFlags): Promise<CommandResult> {
  const concurrency = flags.concurrency ?? DEFAULT_CONCURRENCY;
  const plan = await planFromFile(ctx, ops, flags.from, flags.encoding);
  if (ctx.dryRun) return describeUpdates(ctx, ops, plan);
  const missing = plan.rows.filter((r) => r.action === 'error');
  if (missing.length > 0 && !flags.continueOnError) {
    const lines = missing.slice(0, 20).map((r) => `  id (line ${r.line}): ${r.message}`);
    throw new UsageError(
      `${sourceName(flags.from)}: ${missing.length} row${missing.length > 1 ? 's name' : ' names'} an unknown ID; nothing was sent.\n${lines.join('\n')}`,
      {
        field: '--from',
        hint: 'Fix or remove those rows, or pass --continue-on-error to apply the others.',
      },
    );
  }
  const target = flags.results ?? defaultResultsPath(flags.from);
  const updates = plan.rows.filter((r): r is PlannedUpdate => r.action === 'update');
  const resultsFile = await prepareResults(target, flags.from, {
    output: ctx.output,
    reserveBytes: estimateResultsBytes(
      UPDATE_RESULT_COLUMNS,
      plan.rows.map((row) => resultRow(row, { kind: 'skipped' })),
    ),
    fallbackDirs: fallbackDirs(ctx),
  });
  let outcomes: Outcome<void>[];
  try {
    await confirmStops(
      ctx,
      updates.filter((r) => r.changes.some((c) => c.field === 'status' && c.to === 'STOPPED')).map((r) => ({ id: r.id, name: r.name })),
      flags.yes === true,
    );
    const ui = await ctx.ui();
    const sdk = updates.length > 0 ? await ctx.sdk() : undefined;
    outcomes = await applyAll(updates, (row) => ops.send(sdk!, row), {
      concurrency,
      continueOnError: flags.continueOnError === true,
      signal: ctx.io.signal,
      onProgress: (done, total) => ui.progress(done, total, 'Updating'),
    });
  } catch (err) {
    await resultsFile.discard();
    throw err;
  }
  const byLine = new Map(updates.map((r, i) => [r.line, outcomes[i]]));
  const results = plan.rows.map((row) => resultRow(row, byLine.get(row.line)));
  const failures: Failure[] = plan.rows.flatMap((row) => {
    const o = byLine.get(row.line);
    if (row.action === 'error') return [{ where: `line ${row.line} (${row.id})`, error: new Error(row.message) }];
    return o?.kind === 'failed' ? [{ where: `line ${row.line} (${row.id})`, error: o.error }] : [];
  });
  const lost = await resultsFile.write(UPDATE_RESULT_COLUMNS, results);
  const end = endOfRun({
    failures,
    total: plan.rows.length,
    continueOnError: flags.continueOnError === true,
    aborted: ctx.io.signal.aborted,
    results: target === '-' || lost ? undefined : target,
  });
  if (lost)
    throw resultsLost((text) => ctx.output.report(text), lost, {
      summary: summary(plan.entity, results, 'updated'),
      end,
      columns: UPDATE_RESULT_COLUMNS.join(','),
    });
  (await ctx.ui()).notice(summary(plan.entity, results, 'updated') + (target === '-' ? '' : ` Results: ${target}`));
  if (end) throw end;
  return { kind: 'done' };
}

function resultRow(row: RowPlan, outcome: Outcome<void> | undefined): ResultRow {
  const base = { line: String(row.line), id: row.id };
  if (row.action === 'error') return { ...base, result: `failed: ${row.message}`, changed: '' };
  if (row.action === 'unchanged') return { ...base, result: 'unchanged', changed: '' };
  return { ...base, result: outcomeText(outcome!, 'updated'), changed: row.changes.map((c) => c.field).join(',') };
}

/** "Updated 3 ad slots; 297 unchanged, 1 failed." `done` is the result word of a success. */
export function summary(entity: string, results: readonly ResultRow[], done: 'updated' | 'created'): string {
  const count = (p: (r: string) => boolean) => results.filter((r) => p(r.result ?? '')).length;
  const ok = count((r) => r === done);
  const rest = (
    [
      [count((r) => r === 'unchanged'), 'unchanged'],
      [count((r) => r.startsWith('failed')), 'failed'],
      [count((r) => r === 'skipped'), 'skipped'],
    ] as const
  ).filter(([n]) => n > 0);
  const verb = done === 'updated' ? 'Updated' : 'Created';
  return `${verb} ${ok} ${ok === 1 ? entity : `${entity}s`}${rest.length > 0 ? `; ${rest.map(([n, w]) => `${n} ${w}`).join(', ')}` : ''}.`;
}

export function sourceName(from: string): string {
  return from === '-' ? 'standard input' : from;
}
