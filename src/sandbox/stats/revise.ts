// Sandbox.revise(): records a revision in the state (one per day: a new factor replaces the
// old one, factor 1 removes it) and persists it like any other change.
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

/**
 * The faults `masg pulse` finds, on one day of the account's zone:
 * - `slot-outage`: the ad slot serves nothing that day (an app release broke it);
 * - `earnings-drop`: the publication's earnings × factor (default 0.5), its traffic unchanged;
 * - `overspend`: the campaign delivers and spends factor (default 3) × its usual day.
 * One incident per entity and day: a new one replaces it, `factor: 1` removes it.
 */
export interface Incident {
  kind: 'slot-outage' | 'earnings-drop' | 'overspend';
  /** The ad slot's, publication's or campaign's ID. */
  id: string;
  /** YYYY-MM-DD. */
  day: string;
  factor?: number;
}

export function addIncident(store: Store, incident: Incident): Promise<void> {
  const { kind, id, day } = incident;
  const factor = incident.factor ?? { 'slot-outage': 0, 'earnings-drop': 0.5, overspend: 3 }[kind];
  const revision = checkRevision({ day, factor, target: id, ...(kind === 'earnings-drop' ? { only: 'money' as const } : {}) });
  return store.transact(() => {
    const kept = (store.revisions ?? []).filter((r) => r.day !== day || r.target !== id);
    if (factor !== 1) kept.push(revision);
    store.setRevisions(kept);
  });
}
