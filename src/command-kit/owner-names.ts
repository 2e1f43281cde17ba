// Names beside the owner IDs the service sends alone, from one list call kept in the ID cache.
// Machine formats show them only when --fields asks, so an export's header never changes.
import type { Context } from '../context.js';
import type { Column, OutputSettings } from '../output/types.js';
import type { EntityList } from '../transport/types.js';
import type { CommandResult } from './define.js';
import { writeList } from './list-result.js';
import { outputPort } from './output-port.js';
import { cacheIdentity, cacheLabel, openCache, readFresh, store } from '../config/id-cache.js';

export interface Owner {
  idKey: string;
  nameKey: string;
  kind: 'publications' | 'advertisers';
  plural: string;
}

export const PUBLICATION_OWNER: Owner = { idKey: 'publication', nameKey: 'publicationName', kind: 'publications', plural: 'publications' };
export const ADVERTISER_OWNER: Owner = { idKey: 'advertiser', nameKey: 'advertiserName', kind: 'advertisers', plural: 'advertisers' };

export function showsName(settings: OutputSettings, owner: Owner): boolean {
  return settings.fields === undefined ? settings.format === 'table' : settings.fields.includes(owner.nameKey);
}

/** Never fails: a failed lookup leaves names blank and says why on stderr. None under --dry-run. */
export async function ownerNames(ctx: Context, owner: Owner): Promise<Map<string, string>> {
  if (ctx.globals.dryRun) return new Map();
  try {
    const cache = openCache(
      ctx.configDir,
      cacheLabel(ctx.globals, ctx.io.env, ctx.configDir),
      cacheIdentity(ctx.globals, ctx.io.env, ctx.configDir),
    );
    const cached = readFresh(cache, owner.kind);
    if (cached) return new Map(cached);
    const sdk = await ctx.sdk();
    const list = owner.kind === 'publications' ? sdk.listPublications() : sdk.listAdvertisers();
    const pairs: Array<[string, string]> = [];
    for await (const batch of list.batches()) for (const e of batch) pairs.push([e.id, e.name]);
    try {
      await store(cache, { [owner.kind]: pairs });
    } catch {
      // A read-only or full config dir costs the next command a request, not this answer.
    }
    return new Map(pairs);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    (await ctx.ui()).warn(`Could not look up the names of the ${owner.plural} (${why}); showing their IDs only.`);
    return new Map();
  }
}

export function nameRows(rows: ReadonlyArray<Record<string, string>>, names: ReadonlyMap<string, string>, owner: Owner): void {
  for (const row of rows) row[owner.nameKey] = names.get(row[owner.idKey]) ?? '';
}

export async function namedRecord(
  ctx: Context,
  how: { columns: Column[]; named: Column[]; owner: Owner },
  fetch: () => Promise<Record<string, string>>,
): Promise<CommandResult> {
  const settings = await ctx.outputSettings();
  if (!showsName(settings, how.owner)) {
    return { kind: 'record', columns: settings.fields === undefined ? how.columns : how.named, row: { ...(await fetch()) } };
  }
  const names = ownerNames(ctx, how.owner); // never rejects
  const row: Record<string, string> = { ...(await fetch()) };
  row[how.owner.nameKey] = (await names).get(row[how.owner.idKey]) ?? '';
  return { kind: 'record', columns: how.named, row };
}

/** `named`: the columns with the name column; the first batch waits for the names. */
export async function namedList(
  ctx: Context,
  list: EntityList<Record<string, string>>,
  how: { entity: string; columns: Column[]; named: Column[]; tableFields?: string[]; out?: string },
  owner: Owner,
): Promise<CommandResult> {
  const { named, ...rest } = how;
  const settings = await outputPort(ctx).settings(how.out);
  if (!showsName(settings, owner))
    return writeList(ctx, list.batches(), { ...rest, columns: settings.fields === undefined ? how.columns : named });
  return writeList(ctx, withNames(ctx, list, owner), { ...rest, columns: named });
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
