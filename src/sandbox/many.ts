// `--accounts N`: generated accounts, each with its own zone, data and statistics seed, for tests
// and benchmarks of many-account runs. An account's data is a pure function of its data seed and
// the clock, so two accounts given one data seed hold the same IDs (the warehouse keys by account).

import { campaign, type Budget, type Helpers } from './demo-advertisers.js';
import { hash3, mix, prng, uuidFor } from './hash.js';
import type { Additions, Store } from './store.js';
import { campaignDate } from './time.js';
import type { Account, PublicationRecord } from './types.js';

export interface AccountSpec {
  /** The e-mail's local part and the key's prefix: "acme" is acme@sandbox.masg.test. Default acct-01, acct-02, … */
  name?: string;
  /** IANA zone of the account's statistics days. Default: the next of ACCOUNT_ZONES. */
  timeZone?: string;
  /** Decides the account's IDs, data and statistics: two accounts with one data seed share IDs. */
  dataSeed?: number;
  /** Every request is refused with 1004 (the account may only be used from another address). */
  restricted?: boolean;
}

/** Kiritimati (UTC+14) and Los Angeles come first: their "yesterday" is never the same day. */
export const ACCOUNT_ZONES = [
  'Pacific/Kiritimati',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Australia/Adelaide',
  'America/New_York',
  'UTC',
  'Asia/Kathmandu',
];

export const MAX_ACCOUNTS = 1000;
export const ACCOUNT_DOMAIN = 'sandbox.masg.test';
/** The documentation address the restricted accounts are tied to, as accounts.ts's RESTRICTED. */
const ELSEWHERE = '203.0.113.7';
const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Specs as accounts, checked; a number N is acct-01 … acct-N. */
export function accountsFor(specs: number | readonly AccountSpec[], seed: number): Account[] {
  if (typeof specs !== 'number' && !Array.isArray(specs)) throw new RangeError('accounts: expected a number or a list of account specs');
  const list: readonly AccountSpec[] = typeof specs === 'number' ? numbered(specs) : specs;
  if (list.length > MAX_ACCOUNTS) throw new RangeError(`accounts: at most ${MAX_ACCOUNTS} accounts, got ${list.length}`);
  const width = Math.max(2, String(list.length).length);
  const seen = new Set<string>();
  return list.map((spec, i) => {
    const name = spec.name ?? `acct-${String(i + 1).padStart(width, '0')}`;
    if (!NAME.test(name)) throw new RangeError(`accounts[${i}].name: "${name}" must be lower-case letters, digits, ".", "_" or "-"`);
    if (seen.has(name) || ['demo', 'other', 'restricted'].includes(name)) throw new RangeError(`accounts[${i}].name: "${name}" is taken`);
    seen.add(name);
    const timeZone = spec.timeZone ?? ACCOUNT_ZONES[i % ACCOUNT_ZONES.length];
    checkZone(`accounts[${i}].timeZone`, timeZone);
    const dataSeed = spec.dataSeed ?? hash3(seed, 0xacc0, i + 1);
    if (!Number.isSafeInteger(dataSeed)) throw new RangeError(`accounts[${i}].dataSeed: expected a whole number, got ${dataSeed}`);
    return {
      email: `${name}@${ACCOUNT_DOMAIN}`,
      key: `${name}-developer-key`,
      timeZone,
      seed: dataSeed,
      ...(spec.restricted ? { allowedIps: [ELSEWHERE] } : {}),
    };
  });
}

function numbered(n: number): AccountSpec[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ACCOUNTS)
    throw new RangeError(`accounts: expected a whole number from 1 to ${MAX_ACCOUNTS}, got ${n}`);
  return Array.from({ length: n }, () => ({}));
}

const knownZones = new Set<string>();

/** Each zone checked once: building an Intl.DateTimeFormat per account costs more than the account. */
function checkZone(field: string, timeZone: string): void {
  if (knownZones.has(timeZone)) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new RangeError(`${field}: "${timeZone}" is not an IANA time zone`);
  }
  knownZones.add(timeZone);
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const WORDS = ['Daily', 'Metro', 'Pocket', 'Sunny', 'Quick', 'Happy', 'Urban', 'Green', 'Polar', 'Coral'];
const TOPICS = ['News', 'Recipes', 'Weather', 'Puzzles', 'Radio', 'Maps', 'Sports', 'Deals'];
const TYPES = ['MOBILE_SITE', 'IPHONE_APP', 'ANDROID_APP', 'IPAD_APP', 'IPHONE_SITE', 'OTHER_APP'];
const FORMATS = [['banner'], ['text'], ['banner', 'text'], ['iab300x250']];
const BUDGETS: Budget[] = [
  ['MONETARY', '40.00', '2000.00', '', ''],
  ['CLICKS', '400', '20000', '', ''],
  ['IMPRESSIONS', '20000', '900000', '24000', '16000'],
];

/** The account's publications, ad slots, advertisers and campaigns, created 60–120 days before `now`. */
export function accountData(account: Account, now: Date): Additions {
  const seed = account.seed ?? 0;
  const random = prng(mix(seed, 0xda7a));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  let n = 0;
  const id = () => uuidFor(mix(seed, 0x1d5), ++n);
  const at = (msAgo: number) => new Date(Math.floor((now.getTime() - msAgo) / 60_000) * 60_000);
  const out: Required<Additions> = { accounts: [account], publications: [], adslots: [], advertisers: [], campaigns: [] };
  const word = pick(WORDS);
  const topic = Math.floor(random() * TOPICS.length);
  const publications = 2 + Math.floor(random() * 3);
  for (let i = 0; i < publications; i++) {
    const name = `${word} ${TOPICS[(topic + i) % TOPICS.length]}`;
    const paused = i > 0 && random() < 0.2;
    const pub = publication(account.email, id(), name, i, at(Math.floor(90 + random() * 30) * DAY), paused ? at(10 * DAY) : undefined);
    out.publications.push(pub);
    const slots = 1 + Math.floor(random() * 3);
    for (let j = 0; j < slots; j++) {
      const createdAt = new Date(Date.parse(pub.createdAt) + (2 + j) * HOUR).toISOString();
      out.adslots.push({
        id: id(),
        account: account.email,
        publication: pub.id,
        name: `${name} slot ${j + 1}`,
        formats: pick(FORMATS),
        tags: [],
        createdAt,
      });
    }
  }
  const h: Helpers = { id, at, date: (d) => memoDate(d, account.timeZone) };
  const advertisers = 1 + Math.floor(random() * 2);
  for (let i = 0; i < advertisers; i++) {
    const advertiser = { id: id(), account: account.email, name: `${pick(WORDS)} Brands ${i + 1}`, status: 'ACTIVE' };
    out.advertisers.push({
      ...advertiser,
      dailyBudget: `${50 + Math.floor(random() * 200)}.00`,
      balance: `${Math.floor(random() * 5000)}.25`,
      notifyLimit: '100.00',
    });
    const campaigns = 1 + Math.floor(random() * 3);
    for (let j = 0; j < campaigns; j++) {
      const served: [number, number] = [60 + Math.floor(random() * 30), 0];
      out.campaigns.push(
        campaign(h, advertiser.id, account.email, `${advertiser.name} campaign ${j + 1}`, 'ACTIVE', '', pick(BUDGETS), served, 30),
      );
    }
  }
  return out;
}

const dates = new Map<string, string>();

/** Accounts share zones and whole-day offsets: formatting each date once keeps 1,000 accounts quick. */
function memoDate(d: Date, timeZone: string): string {
  const key = `${timeZone}|${d.getTime()}`;
  let text = dates.get(key);
  if (text === undefined) {
    if (dates.size > 10_000) dates.clear();
    dates.set(key, (text = campaignDate(d, timeZone)));
  }
  return text;
}

function publication(account: string, id: string, name: string, i: number, created: Date, pausedAt?: Date): PublicationRecord {
  const type = TYPES[i % TYPES.length];
  const history = [
    { at: created.toISOString(), status: 'PENDING' },
    { at: new Date(created.getTime() + HOUR).toISOString(), status: 'ACTIVE' },
  ];
  if (pausedAt) history.push({ at: pausedAt.toISOString(), status: 'PAUSED' });
  return {
    id,
    account,
    name,
    description: `Generated for ${account}`,
    type,
    reference: `gen-${i + 1}`,
    url: `https://${name.toLowerCase().replace(/\s+/g, '-')}.example/`,
    transparent: i % 2 === 0,
    languages: ['en'],
    autoapprove: true,
    status: pausedAt ? 'PAUSED' : 'ACTIVE',
    createdAt: created.toISOString(),
    history,
  };
}

/** Adds the accounts the store lacks, with their data; a data file keeps the ones it has (and their zones). */
export async function ensureAccounts(store: Store, accounts: readonly Account[], now: Date): Promise<Account[]> {
  const missing = () => accounts.filter((a) => !store.accounts.has(a.email));
  if (missing().length > 0) {
    // Checked again inside: another process sharing the data file may have added them meanwhile.
    await store.transact(() => {
      for (const account of missing()) store.add(accountData(account, now));
    });
  }
  return accounts.map((a) => store.accounts.get(a.email) ?? a);
}
