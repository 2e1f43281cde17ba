// `pub update ID1 ID2 … --status PAUSED`: the same validated change sent to several
// publications with bounded concurrency, one output row per ID (what the service shows now, and
// the result), then the exit code of the run: the first failure, or 8 with --continue-on-error.
import type { Publication, PublicationInput } from '../transport/types.js';
import type { CommandResult } from '../output/result.js';
import type { PublicationChanges } from '../sdk/types.js';
import type { BulkPort } from './port.js';
import { dryRunPlan } from '../output/dry-run.js';
import { NotAppliedError, UsageError } from '../core/errors.js';
import type { Column } from '../output/types.js';
import { DEFAULT_CONCURRENCY } from '../core/pool.js';
import { applyAll, outcomeText } from './apply.js';
import { confirmStops } from './confirm.js';
import { endOfRun, failuresOf, resultsLost } from './finish.js';
import * as results from './results.js';
import { summary } from './update-from.js';

export interface MultiFlags {
  concurrency?: number;
  continueOnError?: boolean;
  yes?: boolean;
}

/** An ignored status move; carries the publication as the service shows it, for its output row. */
class StatusKept extends NotAppliedError {
  constructor(
    readonly publication: Publication,
    wanted: string,
  ) {
    super(`the service kept it ${publication.status}: the change to ${wanted} was not allowed`);
  }
}

export const MULTI_COLUMNS: Column[] = [{ key: 'id' }, { key: 'name', wrap: true }, { key: 'status' }, { key: 'result', wrap: true }];

export async function updateMany(
  ctx: BulkPort,
  ids: readonly string[],
  input: PublicationInput,
  flags: MultiFlags,
): Promise<CommandResult> {
  const concurrency = flags.concurrency ?? DEFAULT_CONCURRENCY;
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) throw new UsageError(`<id>: ${dup} is given twice.`, { field: '<id>' });
  if (input.status === 'STOPPED') await confirmStops(ctx, ids, flags.yes === true);
  const sdk = await ctx.sdk();
  const changes = input as PublicationChanges;
  if (ctx.dryRun) {
    const described = [];
    for (const id of ids) described.push(await sdk.updatePublication(id, changes, { dryRun: true }));
    return { kind: 'dry-run', plan: dryRunPlan(described) };
  }
  const ui = await ctx.ui();
  const continueOnError = flags.continueOnError === true;
  const outcomes = await applyAll(
    ids,
    async (id) => {
      const updated = await sdk.updatePublication(id, changes);
      // As for one ID: an ignored status move is a failure, though the other fields were applied.
      if (input.status !== undefined && updated.status !== input.status) {
        throw new StatusKept(updated, input.status);
      }
      return updated;
    },
    { concurrency, continueOnError, signal: ctx.io.signal, onProgress: (done, total) => ui.progress(done, total, 'Updating') },
  );
  const rows = ids.map((id, i) => {
    const o = outcomes[i];
    const shown = o.kind === 'done' ? o.value : o.kind === 'failed' && o.error instanceof StatusKept ? o.error.publication : undefined;
    return { id, name: shown?.name ?? '', status: shown?.status ?? '', result: outcomeText(o, 'updated') };
  });
  const end = endOfRun({
    failures: failuresOf(outcomes, (i) => `publication ${ids[i]}`),
    total: ids.length,
    continueOnError,
    aborted: ctx.io.signal.aborted,
  });
  const failed = await ctx.output.rows(MULTI_COLUMNS, rows);
  if (failed !== undefined) {
    // The changes were made but their rows did not get out (stdout on a full disk): keep them.
    const keys = MULTI_COLUMNS.map((c) => c.key);
    const lost = await results.keepResults(failed, 'standard output', results.encode(keys, rows), results.fallbackDirs(ctx));
    throw resultsLost((text) => ctx.output.report(text), lost, {
      summary: summary('publication', rows, 'updated'),
      end,
      columns: keys.join(','),
    });
  }
  if (end) throw end;
  return { kind: 'done' };
}
