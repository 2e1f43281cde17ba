// Sandbox.revise(): records a revision in the state (one per day: a new factor replaces the
// old one, factor 1 removes it) and persists it like any other change.
import type { Store } from '../store.js';
import { checkRevision } from './revisions.js';

export function reviseDay(store: Store, day: string, factor: number): Promise<void> {
  checkRevision({ day, factor });
  return store.transact(() => {
    // Read inside the change: with a data file it runs on the state as it is on disk.
    const kept = (store.revisions ?? []).filter((r) => r.day !== day);
    if (factor !== 1) kept.push({ day, factor });
    store.setRevisions(kept);
  });
}
