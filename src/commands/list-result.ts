// What the four list commands share: --out, and a result that streams (see render.ts).
import type { Command } from 'commander';
import type { EntityList } from '../api/types.js';
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import type { Column } from '../output/types.js';
import type { CommandResult } from './define.js';
import { OUT_OPTION, outFile } from './out-file.js';

export interface ListOptions {
  out?: string;
}

export function addOutOption(cmd: Command): Command {
  return cmd.option(...OUT_OPTION);
}

/** --raw prints the body on stdout: a file for it is a contradiction, refused before sending. */
export function checkOut(ctx: Context, opts: ListOptions): void {
  if (outFile(opts.out) !== undefined && ctx.globals.raw) {
    throw new UsageError("--raw prints the service's body on stdout; --out cannot apply to it.", {
      field: '--out',
      hint: "Drop --raw to write masg's own format to the file, or redirect: masg … --raw > FILE.",
    });
  }
}

export function streamedList(
  list: EntityList<Record<string, string>>,
  how: { entity: string; columns: Column[]; tableFields?: string[]; out?: string },
): CommandResult {
  return { kind: 'stream', batches: list.batches(), ...how };
}
