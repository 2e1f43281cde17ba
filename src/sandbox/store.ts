// In-memory state with the indexes the routes need. Every mutation is synchronous, so two
// requests can never interleave inside one; commit() then hands persistence to the Persister.

import { uuidFor } from './hash.js';
import { Persister } from './persist.js';
import type {
  Account, AdSlotRecord, AdvertiserRecord, CampaignRecord, PublicationRecord, SandboxState,
} from './types.js';

export class Store {
  readonly accounts = new Map<string, Account>();
  readonly publications = new Map<string, PublicationRecord>();
  readonly adslots = new Map<string, AdSlotRecord>();
  readonly advertisers = new Map<string, AdvertiserRecord>();
  readonly campaigns = new Map<string, CampaignRecord>();
  private readonly slotsByPublication = new Map<string, AdSlotRecord[]>();
  private readonly persister: Persister;

  constructor(
    readonly state: SandboxState,
    dataFile: string | undefined,
  ) {
    for (const a of state.accounts) this.accounts.set(a.email, a);
    for (const p of state.publications) this.publications.set(p.id, p);
    for (const s of state.adslots) this.indexSlot(s);
    for (const a of state.advertisers) this.advertisers.set(a.id, a);
    for (const c of state.campaigns) this.campaigns.set(c.id, c);
    this.persister = new Persister(dataFile, () => JSON.stringify(this.state));
  }

  get seed(): number {
    return this.state.seed;
  }

  newId(): string {
    return uuidFor(this.state.seed, this.state.nextId++);
  }

  addPublication(p: PublicationRecord): void {
    this.state.publications.push(p);
    this.publications.set(p.id, p);
  }

  addAdSlot(s: AdSlotRecord): void {
    this.state.adslots.push(s);
    this.indexSlot(s);
  }

  slotsOf(publicationId: string): AdSlotRecord[] {
    return this.slotsByPublication.get(publicationId) ?? [];
  }

  /** Persist the current state; resolves when it is on disk (immediately when in memory only). */
  commit(): Promise<void> {
    return this.persister.save();
  }

  flush(): Promise<void> {
    return this.persister.flush();
  }

  private indexSlot(s: AdSlotRecord): void {
    this.adslots.set(s.id, s);
    const list = this.slotsByPublication.get(s.publication);
    if (list) list.push(s);
    else this.slotsByPublication.set(s.publication, [s]);
  }
}

/** Production lists every row, sorted by name (no paging); ties broken by ID for stability. */
export function byName<T extends { name: string; id: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
