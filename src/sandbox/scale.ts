// Scale mode: a big network for benchmarks, all ACTIVE for 100 days.

import type { SandboxState } from './types.js';

const TYPES = ['MOBILE_SITE', 'IPHONE_APP', 'ANDROID_APP', 'IPAD_APP', 'OTHER_APP'];
const FORMATS = [['banner'], ['text'], ['banner', 'text'], ['iab300x250']];

export function scalePublications(
  state: SandboxState,
  account: string,
  scale: { publications: number; slotsPerPublication: number },
  id: () => string,
  created: Date,
): void {
  const createdAt = created.toISOString();
  const active = new Date(created.getTime() + 3_600_000).toISOString();
  const width = String(scale.publications).length;
  for (let i = 1; i <= scale.publications; i++) {
    const pid = id();
    const n = String(i).padStart(width, '0');
    state.publications.push({
      id: pid,
      account,
      name: `Scale publication ${n}`,
      description: `Generated publication ${n}`,
      type: TYPES[i % TYPES.length],
      reference: `scale-${n}`,
      url: '',
      transparent: false,
      languages: ['en'],
      autoapprove: true,
      status: 'ACTIVE',
      createdAt,
      history: [
        { at: createdAt, status: 'PENDING' },
        { at: active, status: 'ACTIVE' },
      ],
    });
    for (let j = 1; j <= scale.slotsPerPublication; j++) {
      state.adslots.push({
        id: id(),
        account,
        publication: pid,
        name: `Slot ${n}-${j}`,
        formats: FORMATS[j % FORMATS.length],
        tags: [`p${i}`],
        createdAt: active,
      });
    }
  }
}
