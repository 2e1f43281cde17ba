// Sandbox.revise() and incident(): one per day (and entity), persisted like any other change.
import type { Store } from '../store.js';
import { checkRevision } from './revisions.js';

export function reviseDay(store: Store, day: string, factor: number): Promise<void> {
  checkRevision({ day, factor });
  return store.transact(() => {
    // Read inside the change: with a data file it runs on the state as it is on disk.
    const kept = (store.revisions ?? []).filter((r) => r.day !== day || r.target !== undefined);
    if (factor !== 1) kept.push({ day, factor });
    store.setRevisions(kept);
  });
}

/** What `masg pulse` finds: `earnings-drop` (default factor 0.5), `overspend` (3), `slot-outage`. */
export interface Incident {
  kind: 'slot-outage' | 'earnings-drop' | 'overspend';
  id: string;
  /** YYYY-MM-DD. */
  day: string;
  factor?: number;
  /** The account holding `id` (its e-mail), when two accounts share IDs; absent = any account. */
  account?: string;
}

export function addIncident(store: Store, incident: Incident): Promise<void> {
  const { kind, id, day, account } = incident;
  const factor = incident.factor ?? { 'slot-outage': 0, 'earnings-drop': 0.5, overspend: 3 }[kind];
  const revision = checkRevision({
    day,
    factor,
    target: id,
    ...(kind === 'earnings-drop' ? { only: 'money' as const } : {}),
    ...(account === undefined ? {} : { account }),
  });
  return store.transact(() => {
    const kept = (store.revisions ?? []).filter((r) => r.day !== day || r.target !== id || r.account !== account);
    if (factor !== 1) kept.push(revision);
    store.setRevisions(kept);
  });
}
