// First-start data, deterministic for a seed and the clock, with a second account so "belongs to
// another account" is real. Creation lies 90+ days back, so statistics exist from the first minute.

import { ACCOUNTS, DEMO, OTHER } from './accounts.js';
import { uuidFor } from './hash.js';
import { campaignDate } from './time.js';
import type { PublicationRecord, SandboxState } from './types.js';
import { demoAdvertising } from './demo-advertisers.js';
import { scalePublications } from './scale.js';

export interface SeedOptions {
  seed: number;
  now: Date;
  demo: boolean;
  scale?: { publications: number; slotsPerPublication: number };
}

type PubSpec = [
  name: string,
  type: string,
  status: 'ACTIVE' | 'PAUSED' | 'STOPPED' | 'PENDING',
  desc: string,
  url: string,
  langs: string,
  slots: Array<[string, string, string]>,
];

const PUBLICATIONS: PubSpec[] = [
  [
    'Café Olé Mobile',
    'MOBILE_SITE',
    'ACTIVE',
    'Recipes & coffee culture, on the go',
    'https://m.cafe-ole.example/',
    'en,fr,es',
    [
      ['Header banner', 'banner', 'header,food'],
      ['Article text', 'text', ''],
      ['Sidebar MPU', 'iab300x250', 'sidebar,größe'],
    ],
  ],
  [
    'Weather 😀 Now',
    'IPHONE_APP',
    'ACTIVE',
    'Forecasts with a smile',
    '',
    'en',
    [
      ['Launch screen', 'banner,text', 'weather,launch'],
      ['Forecast list', 'banner', 'forecast'],
    ],
  ],
  [
    'Puzzle "Quest", Deluxe',
    'ANDROID_APP',
    'PAUSED',
    'Match-three puzzles <deluxe>',
    'https://play.example/puzzle-quest',
    'en,de',
    [
      ['Level complete', 'iab300x250', 'games,interstitial'],
      ['Main menu', 'banner', 'games'],
    ],
  ],
  [
    'Nordic News Site',
    'IPHONE_SITE',
    'STOPPED',
    'Nyheter från Norden',
    'https://news.nordic.example/',
    'sv,no,da',
    [['Top banner', 'banner', 'news']],
  ],
  ['Tablet Recipes', 'IPAD_APP', 'PENDING', 'Waiting for manual approval', '', '', [['Recipe footer', 'banner', '']]],
  ['Java Games Portal', 'JAVA_APP', 'ACTIVE', 'Classic J2ME games', 'http://wap.games.example/', 'en,pt', [['Game over', '', 'legacy']]],
  ['Zebra Tools', 'OTHER_APP', 'ACTIVE', '', '', '', [['Toolbar', 'text', 'tools,utility']]],
];

const DAY = 86_400_000;
const HOUR = 3_600_000;

export function initialState(o: SeedOptions): SandboxState {
  const state: SandboxState = {
    version: 1,
    seed: o.seed,
    nextId: 1,
    accounts: ACCOUNTS.map((a) => ({ ...a })),
    publications: [],
    adslots: [],
    advertisers: [],
    campaigns: [],
  };
  if (!o.demo && !o.scale) return state;
  const id = () => uuidFor(o.seed, state.nextId++);
  const at = (msAgo: number) => new Date(Math.floor((o.now.getTime() - msAgo) / 60_000) * 60_000);
  if (o.scale) scalePublications(state, DEMO.email, o.scale, id, at(100 * DAY));
  else {
    PUBLICATIONS.forEach((spec, i) => addPublication(state, DEMO.email, spec, at((90 + 3 * i) * DAY), at, id));
  }
  const other: PubSpec = [
    'Other Account App',
    'ANDROID_APP',
    'ACTIVE',
    'Belongs to the second account',
    '',
    'de',
    [['Other slot', 'banner', '']],
  ];
  addPublication(state, OTHER.email, other, at(95 * DAY), at, id);
  demoAdvertising(state, { id, at, date: (d: Date) => campaignDate(d, DEMO.timeZone) });
  return state;
}

function addPublication(
  state: SandboxState,
  account: string,
  spec: PubSpec,
  created: Date,
  at: (ms: number) => Date,
  id: () => string,
): void {
  const [name, type, status, description, url, langs, slots] = spec;
  const pid = id();
  const history = [{ at: created.toISOString(), status: 'PENDING' }];
  const t0 = created.getTime();
  if (status !== 'PENDING') history.push({ at: new Date(t0 + HOUR).toISOString(), status: 'ACTIVE' });
  if (status === 'PAUSED') history.push({ at: at(12 * DAY + 5 * HOUR).toISOString(), status: 'PAUSED' });
  if (status === 'STOPPED') history.push({ at: at(35 * DAY + 7 * HOUR).toISOString(), status: 'STOPPED' });
  const pub: PublicationRecord = {
    id: pid,
    account,
    name,
    description,
    type,
    reference: `demo-${state.publications.length + 1}`,
    url,
    transparent: state.publications.length % 2 === 0,
    languages: langs ? langs.split(',') : [],
    autoapprove: status !== 'PENDING',
    status,
    createdAt: created.toISOString(),
    history,
  };
  state.publications.push(pub);
  slots.forEach(([slotName, formats, tags], j) => {
    state.adslots.push({
      id: id(),
      account,
      publication: pid,
      name: slotName,
      formats: formats ? formats.split(',') : [],
      tags: tags ? tags.split(',') : [],
      createdAt: new Date(t0 + (2 + j) * HOUR).toISOString(),
    });
  });
}
