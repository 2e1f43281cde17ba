// A sandbox whose demo account holds records with IDs chosen to share prefixes, so short-ID
// ambiguity can be tested: the service never picks such IDs on request, so they are written into
// the sandbox's data file between two starts (as hostile.ts does); everything after that — the
// lists over HTTP, the client, the resolution — is the real path.
import type { SandboxOptions } from '../../src/sandbox/index.js';
import { startEditedSandbox, type EditedSandbox } from './edited-sandbox.js';

/** Two publications starting `abcd000`: `abcd` and `abcd000` are ambiguous, `abcd0002` is not. */
export const TWIN_PUBS = [
  { id: 'abcd0001-0000-4000-8000-000000000001', name: 'Twin One' },
  { id: 'abcd0002-0000-4000-8000-000000000002', name: 'Twin Two' },
] as const;
/** Twelve publications starting `beef`: more than an ambiguity error names. */
export const MANY_PUBS = Array.from({ length: 12 }, (_, i) => ({
  id: `beef${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`,
  name: `Many ${i}`,
}));
/** Two campaigns starting `cafe`, of two different advertisers. */
export const TWIN_CAMPAIGNS = [
  { id: 'cafe0000-0000-4000-8000-000000000001', name: 'Cafe Campaign A' },
  { id: 'cafe0000-0000-4000-8000-000000000002', name: 'Cafe Campaign B' },
] as const;

export type PrefixSandbox = EditedSandbox;

export function startPrefixSandbox(opts: SandboxOptions = {}): Promise<PrefixSandbox> {
  return startEditedSandbox(opts, (state) => {
    const account = state.accounts[0]!.email;
    const pub = state.publications.find((p) => p.account === account)!;
    for (const p of [...TWIN_PUBS, ...MANY_PUBS]) state.publications.push({ ...pub, id: p.id, name: p.name, status: 'ACTIVE' });
    const advertisers = state.advertisers.filter((a) => a.account === account);
    const campaign = state.campaigns.find((c) => c.advertiser === advertisers[0]!.id)!;
    TWIN_CAMPAIGNS.forEach((c, i) => state.campaigns.push({ ...campaign, id: c.id, name: c.name, advertiser: advertisers[i]!.id }));
  });
}
