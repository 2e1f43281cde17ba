// The committed completion scripts in the real shells: static words, enums, comma lists, paths
// and live IDs from a sandbox (names as descriptions where the shell shows them).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdvertisers } from '../../src/endpoints/advertisers.js';
import { listCampaigns } from '../../src/endpoints/campaigns.js';
import { listPublications } from '../../src/endpoints/publications.js';
import { createTransport } from '../../src/transport/transport.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import {
  bashComplete,
  bashOffer,
  fishComplete,
  hasBashCompletion,
  hasShell,
  tempBin,
  values,
  zshComplete,
  type Offer,
} from '../completion/shells.js';
import { limit } from '../helpers/time-limits.js';

let sandbox: Sandbox;
let bin: ReturnType<typeof tempBin>;
let configDir: string;
let env: NodeJS.ProcessEnv;
const expected = { publications: new Map<string, string>(), campaigns: new Map<string, string>() };

beforeAll(async () => {
  sandbox = await startSandbox();
  bin = tempBin();
  configDir = mkdtempSync(join(tmpdir(), 'masg-complete-config-'));
  env = {
    ...process.env,
    PATH: bin.path,
    MASG_CONFIG_DIR: configDir,
    MASG_BASE_URL: sandbox.url,
    MASG_EMAIL: sandbox.demo.email,
    MASG_DEVELOPER_KEY: sandbox.demo.key,
    // These tests check what Tab offers, not how fast: on a loaded machine (CI runs the suite on
    // four Nodes) the default 1.5 s can pass before an embedded sandbox has answered.
    MASG_COMPLETION_DEADLINE_MS: '10000',
  };
  const client = createTransport({ baseUrl: sandbox.url, ...sandbox.demo });
  for (const p of await listPublications(client).toArray()) expected.publications.set(p.id, p.name);
  for (const a of await listAdvertisers(client).toArray()) {
    for (const c of await listCampaigns(client, a.id).toArray()) expected.campaigns.set(c.id, `${c.name} (${a.name})`);
  }
  await client.close();
  expect(expected.publications.size).toBeGreaterThan(1);
  expect(expected.campaigns.size).toBeGreaterThan(1);
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(configDir, { recursive: true, force: true });
});

const sorted = (xs: Iterable<string>) => [...xs].sort();

// The same expectations for every shell; `complete` returns what the shell offers.
const staticCases: Array<[line: string, offered: string[], exact: boolean]> = [
  ['masg pub ', ['list', 'create', 'update'], false],
  ['masg publ', ['publication'], true],
  // A list filters by every status the service shows, not only the three a change may set.
  ['masg pub list --status ', ['ACTIVE', 'PAUSED', 'STOPPED', 'PENDING', 'NEW', 'NEW_REVIEW', 'REJECTED'], true],
  ['masg pub create --type IPH', ['IPHONE_SITE', 'IPHONE_APP'], true],
  ['masg slot create --formats ', ['banner', 'text', 'iab300x250'], true],
  ['masg slot create --formats banner,', ['banner,text', 'banner,iab300x250'], true],
  ['masg slot update x --formats text,banner,', ['text,banner,iab300x250'], true],
  ['masg -o ', ['table', 'csv', 'tsv', 'json', 'ndjson'], true],
  ['masg pub list --color ', ['auto', 'always', 'never'], true],
  ['masg completion ', ['bash', 'zsh', 'fish'], true],
  ['masg pub list --st', ['--status'], true],
  ['masg help ', ['exit-codes', 'environment', 'dates', 'pub'], false],
];

function shellSuite(shell: string, complete: (line: string, env: NodeJS.ProcessEnv) => Promise<Offer[]>, descriptions: boolean) {
  const missing = !hasShell(shell);
  describe.skipIf(missing)(`${shell}${missing ? ` (skipped: ${shell} is not installed here; .ci/run installs it)` : ''}`, () => {
    it.each(staticCases)('%s', async (line, offered, exact) => {
      const got = values(await complete(line, env));
      if (exact) expect(sorted(got)).toEqual(sorted(offered));
      else expect(got).toEqual(expect.arrayContaining(offered));
    });

    it('pub update <Tab>: the publication IDs of the account', async () => {
      const got = await complete('masg pub update ', env);
      expect(sorted(values(got))).toEqual(sorted(expected.publications.keys()));
      if (descriptions) for (const o of got) expect(o.description).toBe(expected.publications.get(o.value));
    });

    it('campaign view <Tab>: the campaigns of every advertiser', async () => {
      const got = await complete('masg campaign view ', env);
      expect(sorted(values(got))).toEqual(sorted(expected.campaigns.keys()));
      if (descriptions) for (const o of got) expect(o.description).toBe(expected.campaigns.get(o.value));
    });

    it('slot list --publication <Tab>, filtered by what was typed', async () => {
      const first = sorted(expected.publications.keys())[0]!;
      expect(values(await complete(`masg slot list --publication ${first.slice(0, 8)}`, env))).toEqual([first]);
    });

    it('sandbox --data <Tab>: paths', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'masg-paths-'));
      writeFileSync(join(dir, 'state.json'), '{}');
      expect(values(await complete(`masg sandbox --data ${dir}/st`, env)).map((v) => v.replace(/^.*\//, ''))).toEqual(['state.json']);
      rmSync(dir, { recursive: true });
    });
  });
}

shellSuite('bash', async (line, e) => (await bashComplete(line, e, { columns: 200 })).map(bashOffer), true);
shellSuite('fish', fishComplete, true);
shellSuite('zsh', (line, e) => zshComplete(line, e, bin.zfunc), true);

describe.skipIf(!hasShell('bash'))('bash specifics', () => {
  it('--status=<Tab> offers values in the form bash inserts after the "="', async () => {
    expect(await bashComplete('masg pub list --status=PA', env)).toEqual(['PAUSED']);
  });

  it('--sandbox on the line: IDs of the embedded sandbox, whatever the environment says', async () => {
    const own = mkdtempSync(join(tmpdir(), 'masg-complete-sandbox-'));
    const got = await bashComplete('masg --sandbox pub update ', {
      ...process.env,
      PATH: bin.path,
      MASG_CONFIG_DIR: own,
      MASG_COMPLETION_DEADLINE_MS: '10000',
    });
    // The embedded sandbox has the same demo data (seed 1) as the test's.
    expect(sorted(values(got.map(bashOffer)))).toEqual(sorted(expected.publications.keys()));
    rmSync(own, { recursive: true });
  });

  it.skipIf(!hasBashCompletion())('works without bash-completion loaded too', async () => {
    expect(sorted(await bashComplete('masg pub list --status ', env, { bashCompletion: false }))).toEqual(
      sorted(['ACTIVE', 'PAUSED', 'STOPPED', 'PENDING', 'NEW', 'NEW_REVIEW', 'REJECTED']),
    );
  });

  it('several IDs are listed "id  (name)" as cobra does, cut to the terminal; one left inserts the ID alone', async () => {
    const listed = await bashComplete('masg pub update ', env, { columns: 60 });
    expect(listed.length).toBeGreaterThan(1);
    for (const entry of listed) {
      expect(entry).toMatch(/^[0-9a-f-]{36} {2}\(.+\)$/);
      expect(entry.length).toBeLessThanOrEqual(60);
      const { value, description } = bashOffer(entry);
      const name = expected.publications.get(value)!;
      expect(name.startsWith(description!.replace(/…$/, ''))).toBe(true);
    }
    const first = sorted(expected.publications.keys())[0]!;
    expect(await bashComplete(`masg pub update ${first.slice(0, 8)}`, env)).toEqual([first]);
  });

  it('an unreachable service: no candidates, nothing on the terminal, within the deadline', async () => {
    const own = mkdtempSync(join(tmpdir(), 'masg-complete-down-'));
    const down = { ...env, MASG_CONFIG_DIR: own, MASG_BASE_URL: 'http://127.0.0.1:9' };
    const start = Date.now();
    expect(await bashComplete('masg pub update ', down)).toEqual([]);
    expect(Date.now() - start).toBeLessThan(limit(5000));
    rmSync(own, { recursive: true });
  });
});
