// Names beside the IDs of a statistics report. The statistics endpoints answer with IDs only, so
// the names come from the entity calls, sent at the same time as the report (not after it): a
// report waits for them only before its first row is written. A failed lookup never fails the
// report: the caller shows IDs only and says why.
import type { MasgClient } from '../../sdk/types.js';
import { NAME_COLUMNS } from '../../stats/rows.js';
import type { StatsKind } from '../../stats/rows.js';
import type { StatsLevel } from '../../endpoints/stats-shapes.js';

type IdKey = keyof typeof NAME_COLUMNS;

/** ID key of a row (`publication`…) → (ID → name). */
export type NameTable = Map<IdKey, Map<string, string>>;

export interface NameQuery {
  kind: StatsKind;
  level?: StatsLevel;
  /** The report's one ID, when it is about one publication, ad slot or campaign. */
  id?: string;
}

/** Every lookup the report's ID columns need, concurrently. One entity → one GET; else the list. */
export async function lookUpNames(sdk: MasgClient, q: NameQuery): Promise<NameTable> {
  const jobs: Array<Promise<readonly [IdKey, Map<string, string>]>> = [];
  const one = (key: IdKey, get: () => Promise<{ id: string; name: string }>) =>
    jobs.push(get().then((e) => [key, new Map([[e.id, e.name]])] as const));
  const all = (key: IdKey, list: AsyncIterable<{ id: string; name: string }>) =>
    jobs.push(
      (async () => {
        const names = new Map<string, string>();
        for await (const e of list) names.set(e.id, e.name);
        return [key, names] as const;
      })(),
    );

  if (q.kind === 'campaign') one('campaign', () => sdk.getCampaign(q.id!));
  else if (q.kind === 'adslot') one('adslot', () => sdk.getAdSlot(q.id!));
  else {
    if (q.id !== undefined) one('publication', () => sdk.getPublication(q.id!));
    else all('publication', sdk.listPublications());
    if (q.level === 'adslot') all('adslot', sdk.listAdSlots({ publication: q.id }));
  }
  return new Map(await Promise.all(jobs));
}

/** Writes the names of a row's IDs into the row (an ID the lookup did not see gets ''). */
export function addNames(row: Record<string, string | undefined>, names: NameTable): void {
  for (const [key, table] of names) {
    const id = row[key];
    row[NAME_COLUMNS[key]] = id === undefined ? '' : (table.get(id) ?? '');
  }
}
