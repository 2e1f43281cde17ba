// A sandbox whose demo account holds records with IDs chosen to share prefixes, so short-ID
// ambiguity can be tested: the service never picks such IDs on request, so they are written into
// the sandbox's data file between two starts (as hostile.ts does); everything after that — the
// lists over HTTP, the client, the resolution — is the real path.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import type { SandboxState } from '../../src/sandbox/types.js';

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

export interface PrefixSandbox {
  sandbox: Sandbox;
  close(): Promise<void>;
}

export async function startPrefixSandbox(opts: SandboxOptions = {}): Promise<PrefixSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'masg-prefix-'));
  const dataFile = join(dir, 'state.json');
  await (await startSandbox({ ...opts, port: 0, dataFile })).close();
  const state = JSON.parse(readFileSync(dataFile, 'utf8')) as SandboxState;
  const account = state.accounts[0]!.email;
  const pub = state.publications.find((p) => p.account === account)!;
  for (const p of [...TWIN_PUBS, ...MANY_PUBS]) state.publications.push({ ...pub, id: p.id, name: p.name, status: 'ACTIVE' });
  const advertisers = state.advertisers.filter((a) => a.account === account);
  const campaign = state.campaigns.find((c) => c.advertiser === advertisers[0]!.id)!;
  TWIN_CAMPAIGNS.forEach((c, i) => state.campaigns.push({ ...campaign, id: c.id, name: c.name, advertiser: advertisers[i]!.id }));
  writeFileSync(dataFile, JSON.stringify(state));
  const sandbox = await startSandbox({ ...opts, port: 0, dataFile });
  return {
    sandbox,
    close: async () => {
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
