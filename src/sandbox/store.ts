// In-memory state with the routes' indexes. Mutations are synchronous, so requests never interleave
// inside one; with a data file, changes go through transact() and reads call refresh() first.

import { uuidFor } from './hash.js';
import { SharedStateFile } from './persist.js';
import type { Account, AdSlotRecord, AdvertiserRecord, CampaignRecord, PublicationRecord, SandboxState } from './types.js';

export class Store {
  readonly accounts = new Map<string, Account>();
  readonly publications = new Map<string, PublicationRecord>();
  readonly adslots = new Map<string, AdSlotRecord>();
  readonly advertisers = new Map<string, AdvertiserRecord>();
  readonly campaigns = new Map<string, CampaignRecord>();
  private readonly slotsByPublication = new Map<string, AdSlotRecord[]>();
  private file?: SharedStateFile;
  private current!: SandboxState;

  constructor(state: SandboxState) {
    this.index(state);
  }

  static async open(dataFile: string, create: () => SandboxState): Promise<Store> {
    const { state, file } = await SharedStateFile.open(dataFile, create);
    const store = new Store(state);
    file.attach({ replace: (fresh) => store.index(fresh), snapshot: () => JSON.stringify(store.current) });
    store.file = file;
    return store;
  }

  get seed(): number {
    return this.current.seed;
  }

  get revisions(): SandboxState['revisions'] {
    return this.current.revisions;
  }

  /** Call inside transact(): the list replaces the state's revisions. */
  setRevisions(revisions: NonNullable<SandboxState['revisions']>): void {
    this.current.revisions = revisions;
  }

  newId(): string {
    return uuidFor(this.current.seed, this.current.nextId++);
  }

  addPublication(p: PublicationRecord): void {
    this.current.publications.push(p);
    this.publications.set(p.id, p);
  }

  addAdSlot(s: AdSlotRecord): void {
    this.current.adslots.push(s);
    this.indexSlot(s);
  }

  slotsOf(publicationId: string): AdSlotRecord[] {
    return this.slotsByPublication.get(publicationId) ?? [];
  }

  refresh(): void {
    this.file?.refresh();
  }

  /** Resolves once the change is durable. */
  transact<T>(change: () => T): Promise<T> {
    // What change() throws becomes the rejection.
    if (!this.file) return new Promise<T>((resolve) => resolve(change()));
    return this.file.transact(change);
  }

  flush(): Promise<void> {
    return this.file?.flush() ?? Promise.resolve();
  }

  private index(state: SandboxState): void {
    this.current = state;
    for (const map of [this.accounts, this.publications, this.adslots, this.advertisers, this.campaigns, this.slotsByPublication])
      map.clear();
    for (const a of state.accounts) this.accounts.set(a.email, a);
    for (const p of state.publications) this.publications.set(p.id, p);
    for (const s of state.adslots) this.indexSlot(s);
    for (const a of state.advertisers) this.advertisers.set(a.id, a);
    for (const c of state.campaigns) this.campaigns.set(c.id, c);
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
