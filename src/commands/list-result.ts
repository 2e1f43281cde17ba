// What the four list commands share: --out, and a result that streams (see render.ts).
import type { Command } from 'commander';
import type { EntityList } from '../api/types.js';
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import type { Column } from '../output/types.js';
import type { CommandResult } from './define.js';
import { OUT_OPTION, outFile, settingsFor } from './out-file.js';
import { nameRows, ownerNames, showsName, type Owner } from './owner-names.js';

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

/**
 * A list whose rows name an owner by ID (ad slots, campaigns), with the owner's name beside it
 * where the output shows it (owner-names.ts): `named` are the columns with the name column,
 * `columns` those without, which machine formats keep unless --fields asks for the name. The
 * names are looked up while the list is read; the first batch waits for them.
 */
export async function namedList(
  ctx: Context,
  list: EntityList<Record<string, string>>,
  how: { entity: string; columns: Column[]; named: Column[]; tableFields?: string[]; out?: string },
  owner: Owner,
): Promise<CommandResult> {
  const { named, ...rest } = how;
  const settings = await settingsFor(ctx, outFile(how.out));
  if (!showsName(settings, owner)) return streamedList(list, { ...rest, columns: settings.fields === undefined ? how.columns : named });
  return { kind: 'stream', batches: withNames(ctx, list, owner), ...rest, columns: named };
}

async function* withNames(ctx: Context, list: EntityList<Record<string, string>>, owner: Owner): AsyncIterable<Record<string, string>[]> {
  const names = ownerNames(ctx, owner); // never rejects
  let table: Map<string, string> | undefined;
  for await (const batch of list.batches()) {
    table ??= await names;
    nameRows(batch, table, owner);
    yield batch;
  }
}
