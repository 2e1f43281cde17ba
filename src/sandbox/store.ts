// In-memory state with the routes' indexes. Mutations are synchronous, so requests never interleave
// inside one; with a data file, changes go through transact() and reads call refresh() first.
// Every entity is indexed per account: two accounts may hold the same ID (the same data seeded
// twice), and an account's lists never scan the others' rows.

import { uuidFor } from './hash.js';
import { SharedStateFile } from './persist.js';
import type { Account, AdSlotRecord, AdvertiserRecord, CampaignRecord, PublicationRecord, SandboxState } from './types.js';

/** One account's entities by ID, in the order they were made. */
export class AccountData {
  readonly publications = new Map<string, PublicationRecord>();
  readonly adslots = new Map<string, AdSlotRecord>();
  readonly advertisers = new Map<string, AdvertiserRecord>();
  readonly campaigns = new Map<string, CampaignRecord>();
  readonly slotsByPublication = new Map<string, AdSlotRecord[]>();
}

type Kind = 'publications' | 'adslots' | 'advertisers' | 'campaigns';
type RecordOf = { publications: PublicationRecord; adslots: AdSlotRecord; advertisers: AdvertiserRecord; campaigns: CampaignRecord };

/** Records a generator adds in one go (a generated account's data). */
export interface Additions {
  accounts?: Account[];
  publications?: PublicationRecord[];
  adslots?: AdSlotRecord[];
  advertisers?: AdvertiserRecord[];
  campaigns?: CampaignRecord[];
}

const NONE = new AccountData();

export class Store {
  readonly accounts = new Map<string, Account>();
  /** Some record with each ID (the first made): only to tell "another account's" from "no such". */
  private readonly anyOwner: { [K in Kind]: Map<string, RecordOf[K]> } = {
    publications: new Map(),
    adslots: new Map(),
    advertisers: new Map(),
    campaigns: new Map(),
  };
  private readonly byAccount = new Map<string, AccountData>();
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

  /** One account's entities (empty for an account without any). */
  of(account: string): AccountData {
    return this.byAccount.get(account) ?? NONE;
  }

  /** The account's own record with this ID, else another account's (the routes refuse it), else undefined. */
  find<K extends Kind>(kind: K, id: string, account: string): RecordOf[K] | undefined {
    return (this.of(account)[kind] as Map<string, RecordOf[K]>).get(id) ?? this.anyOwner[kind].get(id);
  }

  addPublication(p: PublicationRecord): void {
    this.current.publications.push(p);
    this.indexRecord('publications', p);
  }

  addAdSlot(s: AdSlotRecord): void {
    this.current.adslots.push(s);
    this.indexSlot(s);
  }

  /** Call inside transact(). */
  add(more: Additions): void {
    for (const a of more.accounts ?? []) {
      this.current.accounts.push(a);
      this.accounts.set(a.email, a);
    }
    for (const p of more.publications ?? []) this.addPublication(p);
    for (const s of more.adslots ?? []) this.addAdSlot(s);
    for (const a of more.advertisers ?? []) {
      this.current.advertisers.push(a);
      this.indexRecord('advertisers', a);
    }
    for (const c of more.campaigns ?? []) {
      this.current.campaigns.push(c);
      this.indexRecord('campaigns', c);
    }
  }

  slotsOf(publicationId: string, account: string): AdSlotRecord[] {
    return this.of(account).slotsByPublication.get(publicationId) ?? [];
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
    this.accounts.clear();
    this.byAccount.clear();
    for (const map of Object.values(this.anyOwner)) map.clear();
    for (const a of state.accounts) this.accounts.set(a.email, a);
    for (const p of state.publications) this.indexRecord('publications', p);
    for (const s of state.adslots) this.indexSlot(s);
    for (const a of state.advertisers) this.indexRecord('advertisers', a);
    for (const c of state.campaigns) this.indexRecord('campaigns', c);
  }

  private dataOf(account: string): AccountData {
    let data = this.byAccount.get(account);
    if (!data) this.byAccount.set(account, (data = new AccountData()));
    return data;
  }

  private indexRecord<K extends Kind>(kind: K, record: RecordOf[K]): void {
    (this.dataOf(record.account)[kind] as Map<string, RecordOf[K]>).set(record.id, record);
    if (!this.anyOwner[kind].has(record.id)) this.anyOwner[kind].set(record.id, record);
  }

  private indexSlot(s: AdSlotRecord): void {
    this.indexRecord('adslots', s);
    const byPublication = this.dataOf(s.account).slotsByPublication;
    const list = byPublication.get(s.publication);
    if (list) list.push(s);
    else byPublication.set(s.publication, [s]);
  }
}

/** Production lists every row, sorted by name (no paging); ties broken by ID for stability. */
export function byName<T extends { name: string; id: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
