// Short IDs: a unique prefix of MIN_PREFIX+ characters, resolved through the kind's list call.
// A full UUID is sent as is, so the service keeps the last word on it.
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import type { MasgClient } from '../sdk/types.js';
import { id as checkId } from '../schema/rules.js';
import { idHint } from './suggest.js';
import { mapConcurrent } from '../core/pool.js';

export type IdKind = 'publication' | 'adslot' | 'advertiser' | 'campaign';

export const MIN_PREFIX = 4;
/** Candidates named in an ambiguity error; the rest are counted. */
export const MAX_CANDIDATES = 10;

const FULL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ONE: Record<IdKind, string> = { publication: 'publication', adslot: 'ad slot', advertiser: 'advertiser', campaign: 'campaign' };

export function isFullId(value: string): boolean {
  return FULL_UUID.test(value);
}

interface Entity {
  id: string;
  name: string;
}

export async function resolveId(ctx: Context, kind: IdKind, raw: string, label: string): Promise<string> {
  return (await resolveIds(ctx, kind, [raw], label))[0];
}

/** At most one list call for all of them. */
export async function resolveIds(ctx: Context, kind: IdKind, raws: readonly string[], label: string): Promise<string[]> {
  return (await resolveEntities(ctx, kind, raws, label)).map((e) => e.id);
}

/** With the name when the list was read, so `slot update` need not read it again. */
export async function resolveEntity(ctx: Context, kind: IdKind, raw: string, label: string): Promise<{ id: string; name?: string }> {
  return (await resolveEntities(ctx, kind, [raw], label))[0];
}

async function resolveEntities(
  ctx: Context,
  kind: IdKind,
  raws: readonly string[],
  label: string,
): Promise<Array<{ id: string; name?: string }>> {
  const wanted = raws.map((raw) => withIdHint(kind, () => checkId(label, raw)));
  const prefixes = [...new Set(wanted.filter((w) => !isFullId(w)))];
  for (const p of prefixes) {
    if ([...p].length < MIN_PREFIX) {
      throw new UsageError(`${label}: "${p}" is too short; give the full ID or at least its first ${MIN_PREFIX} characters.`, {
        field: label,
        hint: idHint(kind),
      });
    }
  }
  if (prefixes.length === 0) return wanted.map((id) => ({ id }));
  // Read even under --dry-run: the dry run then shows the resolved ID.
  const matches = await collectMatches(await ctx.sdk(), kind, prefixes);
  const resolved = new Map(prefixes.map((p) => [p, pick(kind, p, matches.get(p)!, label)] as const));
  return wanted.map((w) => resolved.get(w) ?? { id: w });
}

interface Found {
  exact?: Entity;
  some: Entity[];
  count: number;
}

/** Keeps only the candidates: a list may be very long. */
async function collectMatches(client: MasgClient, kind: IdKind, prefixes: readonly string[]): Promise<Map<string, Found>> {
  const found = new Map<string, Found>(prefixes.map((p) => [p, { some: [], count: 0 }]));
  const lower = prefixes.map((p) => [p, p.toLowerCase()] as const);
  for await (const entity of entities(client, kind)) {
    const id = entity.id.toLowerCase();
    for (const [p, l] of lower) {
      if (!id.startsWith(l)) continue;
      const f = found.get(p)!;
      // An ID that is exactly what was typed wins over longer ones sharing it as a prefix.
      if (entity.id === p) f.exact = entity;
      f.count++;
      if (f.some.length <= MAX_CANDIDATES) f.some.push({ id: entity.id, name: entity.name });
    }
  }
  return found;
}

async function* entities(client: MasgClient, kind: IdKind): AsyncIterable<Entity> {
  switch (kind) {
    case 'publication':
      yield* client.listPublications();
      return;
    case 'adslot':
      yield* client.listAdSlots();
      return;
    case 'advertiser':
      yield* client.listAdvertisers();
      return;
    case 'campaign': {
      // Campaigns are listed per advertiser: a campaign ID is looked for under every one of them.
      const advertisers = await client.listAdvertisers().toArray();
      const lists = await mapConcurrent(advertisers, 4, (a) => client.listCampaigns(a.id).toArray());
      for (const list of lists) yield* list;
      return;
    }
  }
}

function withIdHint<T>(kind: IdKind, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof UsageError && err.hint === undefined) err.hint = idHint(kind);
    throw err;
  }
}

function pick(kind: IdKind, prefix: string, found: Found, label: string): Entity {
  if (found.exact) return found.exact;
  if (found.count === 1) return found.some[0];
  if (found.count === 0) {
    throw new UsageError(`${label}: no ${ONE[kind]} ID starts with "${prefix}".`, { field: label, hint: idHint(kind) });
  }
  const shown = found.some.slice(0, MAX_CANDIDATES);
  const lines = shown.map((e) => `  ${e.id}  ${e.name}`);
  if (found.count > shown.length) lines.push(`  and ${found.count - shown.length} more`);
  throw new UsageError(`${label}: "${prefix}" is the start of ${found.count} ${ONE[kind]} IDs:\n${lines.join('\n')}`, {
    field: label,
    hint: 'Type more characters of the ID (or all of it).',
  });
}
