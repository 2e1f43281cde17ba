// Names beside the owner IDs the service sends alone: the publication of an ad slot, the
// advertiser of a campaign. One list call of the owners gives every name; it is kept in Tab's ID
// cache (src/config/id-cache.ts, the same file and lifetime), so commands and Tabs in a burst
// share it. Tables show the names; csv, tsv and json only when --fields asks for the column, so
// an export's header (and `update --from` files) never change.
import type { Context } from '../context.js';
import type { Column, OutputSettings } from '../output/types.js';
import type { EntityList } from '../transport/types.js';
import type { CommandResult } from './define.js';
import { writeList } from './list-result.js';
import { outputPort } from './output-port.js';

export interface Owner {
  /** The ID column the service sends (`publication`, `advertiser`). */
  idKey: string;
  /** The column the name goes to (`publicationName`, `advertiserName`). */
  nameKey: string;
  /** The list that names them, as the ID cache calls it. */
  kind: 'publications' | 'advertisers';
  /** For the warning when the names cannot be had: "publications". */
  plural: string;
}

export const PUBLICATION_OWNER: Owner = { idKey: 'publication', nameKey: 'publicationName', kind: 'publications', plural: 'publications' };
export const ADVERTISER_OWNER: Owner = { idKey: 'advertiser', nameKey: 'advertiserName', kind: 'advertisers', plural: 'advertisers' };

/** Whether the output shows the name column: a table does, a machine format when --fields names it. */
export function showsName(settings: OutputSettings, owner: Owner): boolean {
  return settings.fields === undefined ? settings.format === 'table' : settings.fields.includes(owner.nameKey);
}

/**
 * ID → name of every owner, from the cache when fresh, else one list call. None under --dry-run:
 * it shows what the command would send, and the names are no part of that. Never fails: a
 * lookup that fails leaves the names blank and says why on stderr.
 */
export async function ownerNames(ctx: Context, owner: Owner): Promise<Map<string, string>> {
  if (ctx.globals.dryRun) return new Map();
  try {
    const { cacheIdentity, cacheLabel, openCache, readFresh, store } = await import('../config/id-cache.js');
    const cache = openCache(ctx.configDir, cacheLabel(ctx.globals, ctx.io.env), cacheIdentity(ctx.globals, ctx.io.env, ctx.configDir));
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

/** Writes the owner's name into each row of a batch, in place ('' for an ID the lookup did not see). */
export function nameRows(rows: ReadonlyArray<Record<string, string>>, names: ReadonlyMap<string, string>, owner: Owner): void {
  for (const row of rows) row[owner.nameKey] = names.get(row[owner.idKey]) ?? '';
}

/**
 * A `view` result: the entity with its owner's name beside the owner's ID where the output
 * shows it; the name is looked up while the entity is fetched.
 */
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

/**
 * A list whose rows name an owner by ID (ad slots, campaigns), with the owner's name beside it
 * where the output shows it (owner-names.ts): `named` are the columns with the name column,
 * `columns` those without, which machine formats keep unless --fields asks for the name. The
 * names are looked up while the list is read; the first batch waits for them. Written through
 * the output port.
 */
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
