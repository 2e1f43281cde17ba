// `slot create --from FILE`: every row validated before anything is sent, then one ad slot created
// per row; the results file carries the IDs the service assigned.
import type { AdSlotInput } from '../transport/types.js';
import type { CommandResult } from '../output/result.js';
import type { AdSlotCreate } from '../sdk/types.js';
import type { BulkPort } from './port.js';
import { dryRunPlan } from '../output/dry-run.js';
import { UsageError } from '../core/errors.js';
import { sanitizeForDisplay } from '../output/sanitize.js';
import { DEFAULT_CONCURRENCY } from '../core/pool.js';
import { validateAdSlot } from '../schema/adslot.js';
import { applyAll, outcomeText, type Outcome } from './apply.js';
import { readCsvSource, type Encoding } from './csv-read.js';
import { endOfRun, failuresOf, resultsLost } from './finish.js';
import { checkColumns, collect, lineLabel, throwAll } from './plan.js';
import { defaultResultsPath, estimateResultsBytes, fallbackDirs, prepareResults } from './results.js';
import { AD_SLOT_CREATE_COLUMNS } from './schema.js';
import { sourceName, summary, type BulkFlags } from './update-from.js';

export interface PlannedCreate {
  line: number;
  input: AdSlotInput;
}

export const CREATE_RESULT_COLUMNS = ['line', 'id', 'publication', 'name', 'result'] as const;

export async function planCreates(ctx: BulkPort, from: string, encoding?: Encoding): Promise<PlannedCreate[]> {
  const name = sourceName(from);
  const table = await readCsvSource(from, ctx.io.stdin, encoding);
  if (table.columns.includes('id')) {
    throw new UsageError(`${name}: an "id" column (line 1): slot create --from makes new ad slots and the service assigns their IDs.`, {
      field: '--from',
      hint: 'Remove the column, or use `masg slot update --from` to change existing ad slots.',
    });
  }
  checkColumns(AD_SLOT_CREATE_COLUMNS, table.columns, name);
  const errors: string[] = [];
  const rows = table.rows.map((row) => ({
    line: row.line,
    input: collect(errors, () => validateAdSlot(row.cells, 'create', lineLabel(row.line))),
  }));
  throwAll(errors, name);
  return rows as PlannedCreate[];
}

export function createPlanLines(rows: readonly PlannedCreate[]): string[] {
  const lines = rows.map(({ line, input }) => {
    const tags = input.tags ? `, tags ${input.tags}` : '';
    return `+ line ${line}: ad slot ${sanitizeForDisplay(input.name!)} in publication ${input.publication} (formats ${input.formats}${sanitizeForDisplay(tags)})`;
  });
  return [...lines, `Plan: ${rows.length} to create.`];
}

export async function createFromFile(ctx: BulkPort, flags: BulkFlags): Promise<CommandResult> {
  const concurrency = flags.concurrency ?? DEFAULT_CONCURRENCY;
  const rows = await planCreates(ctx, flags.from, flags.encoding);
  if (ctx.dryRun) {
    const sdk = await ctx.sdk();
    const described = [];
    for (const { input } of rows) described.push(await sdk.createAdSlot(input as AdSlotCreate, { dryRun: true }));
    return { kind: 'dry-run', plan: dryRunPlan(described, createPlanLines(rows)) };
  }
  const continueOnError = flags.continueOnError === true;
  const target = flags.results ?? defaultResultsPath(flags.from);
  const planned = rows.map((row) => ({
    line: String(row.line),
    id: '',
    publication: row.input.publication!,
    name: row.input.name!,
    result: '',
  }));
  const resultsFile = await prepareResults(target, flags.from, {
    output: ctx.output,
    reserveBytes: estimateResultsBytes(CREATE_RESULT_COLUMNS, planned),
    fallbackDirs: fallbackDirs(ctx),
  });
  let outcomes: Outcome<{ id: string }>[];
  try {
    const [sdk, ui] = await Promise.all([ctx.sdk(), ctx.ui()]);
    outcomes = await applyAll(rows, (row) => sdk.createAdSlot(row.input as AdSlotCreate), {
      concurrency,
      continueOnError,
      signal: ctx.io.signal,
      onProgress: (done, total) => ui.progress(done, total, 'Creating'),
    });
  } catch (err) {
    await resultsFile.discard();
    throw err;
  }
  const results = planned.map((row, i) => {
    const o = outcomes[i];
    return { ...row, id: o.kind === 'done' ? o.value.id : '', result: outcomeText(o, 'created') };
  });
  const failures = failuresOf(outcomes, (i) => `line ${rows[i].line}`);
  const lost = await resultsFile.write(CREATE_RESULT_COLUMNS, results);
  const shown = target === '-' || lost ? undefined : target;
  const end = endOfRun({ failures, total: rows.length, continueOnError, aborted: ctx.io.signal.aborted, results: shown });
  if (lost) {
    const newIds = results.filter((r) => r.id !== '').map((r) => `line ${r.line}: ${r.id}`);
    throw resultsLost((text) => ctx.output.report(text), lost, {
      summary: summary('ad slot', results, 'created'),
      end,
      newIds,
      columns: CREATE_RESULT_COLUMNS.join(','),
    });
  }
  (await ctx.ui()).notice(summary('ad slot', results, 'created') + (target === '-' ? '' : ` Results: ${target}`));
  if (end) throw end;
  return { kind: 'done' };
}
