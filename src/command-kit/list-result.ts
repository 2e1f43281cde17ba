// What the four list commands share: --out, --concurrency (several accounts), and rows written through the output port as they arrive.
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import { outFormat } from '../output/out-format.js';
import type { RowsTarget } from '../output/port.js';
import type { Column, Row, TextBatch } from '../output/types.js';
import type { CommandResult } from './define.js';
import { outFile } from './out-file.js';
import { outputPort } from './output-port.js';

export interface ListOptions {
  out?: string;
  /** Accounts read at once with several profiles (command-kit/accounts-run.ts). */
  concurrency?: number;
}

/**
 * --out's format follows its extension: one masg does not write, or one -o contradicts, is refused
 * before sending. Under --raw the file holds the service's body as received, whatever its name.
 */
export function checkOut(ctx: Context, opts: ListOptions): void {
  const file = outFile(opts.out);
  if (file !== undefined && !ctx.globals.raw) outFormat(file, ctx.globals.output);
}

/**
 * A list's parent, given the same way everywhere: as the positional ID (`slot list 0378`) or as
 * the named filter (`--publication 0378`); both at once must agree.
 */
export function parentFilter(
  positional: string | undefined,
  named: string | undefined,
  flag: string,
  arg: string,
): { raw: string; label: string } | undefined {
  if (positional !== undefined && named !== undefined && positional !== named) {
    throw new UsageError(`${arg} and ${flag} name two different parents: "${positional}" and "${named}".`, {
      field: flag,
      hint: `Give one of them: ${arg} and ${flag} mean the same.`,
    });
  }
  if (positional !== undefined) return { raw: positional, label: arg };
  return named === undefined ? undefined : { raw: named, label: flag };
}

/**
 * Writes a list through the output port as it is read (the request goes out now, every option
 * having been checked); `done` once the last row is out.
 */
export async function writeList(
  ctx: Context,
  batches: AsyncIterable<readonly Row[] | TextBatch>,
  how: RowsTarget & { columns: Column[] },
): Promise<CommandResult> {
  await outputPort(ctx).writeRows(how.columns, batches, how);
  return { kind: 'done' };
}
