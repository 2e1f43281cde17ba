// What the four list commands share: --out, and rows written through the output port as they arrive.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { RowsTarget } from '../output/port.js';
import type { Column, Row } from '../output/types.js';
import type { CommandResult } from './define.js';
import { OUT_OPTION } from './out-file.js';
import { outputPort } from './output-port.js';

export interface ListOptions {
  out?: string;
}

export function addOutOption(cmd: Command): Command {
  return cmd.option(...OUT_OPTION);
}

/**
 * Writes a list through the output port as it is read (the request goes out now, every option
 * having been checked); `done` once the last row is out.
 */
export async function writeList(
  ctx: Context,
  batches: AsyncIterable<readonly Row[]>,
  how: RowsTarget & { columns: Column[] },
): Promise<CommandResult> {
  await outputPort(ctx).writeRows(how.columns, batches, how);
  return { kind: 'done' };
}
