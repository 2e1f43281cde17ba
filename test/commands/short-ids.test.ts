// Short IDs (a unique prefix of 4+ characters) for every ID argument, `pub view` / `slot view`,
// and all missing required options in one message: in-process against the sandbox over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, removeTempDirs, startHarness, type Harness } from './harness.js';
import { runCli } from '../helpers/cli.js';
import { MANY_PUBS, startPrefixSandbox, TWIN_CAMPAIGNS, TWIN_PUBS, type PrefixSandbox } from '../helpers/shared-prefix.js';

let h: Harness;
interface Entity {
  id: string;
  name: string;
  status?: string;
  publication?: string;
}
let pubs: Entity[];
let slots: Entity[];
let advs: Entity[];
/** A campaign of the second advertiser: found only by looking beyond the first. */
let campaign: Entity;

const json = <T>(text: string) => JSON.parse(text) as T;
const short = (id: string) => id.slice(0, 8);

beforeAll(async () => {
  h = await startHarness();
  pubs = json<Entity[]>((await h.masg(['pub', 'list', '-o', 'json'])).stdout);
  slots = json<Entity[]>((await h.masg(['slot', 'list', '-o', 'json'])).stdout);
  advs = json<Entity[]>((await h.masg(['adv', 'list', '-o', 'json'])).stdout);
  campaign = json<Entity[]>((await h.masg(['campaign', 'list', advs[1]!.id, '-o', 'json'])).stdout)[0]!;
  // Prefixes of 8 characters are unique in the demo data (the tests would be wrong otherwise).
  for (const list of [pubs, slots, advs]) expect(new Set(list.map((e) => short(e.id))).size).toBe(list.length);
});
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

describe('pub view and slot view', () => {
  it('pub view PREFIX shows the publication, after one list call', async () => {
    const pub = pubs[0]!;
    h.mark();
    const run = await h.masg(['pub', 'view', short(pub.id), '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(json<Entity>(run.stdout)).toMatchObject({ id: pub.id, name: pub.name });
    expect(calls(h.sent()).map(([m, p]) => `${m} ${p}`)).toEqual(['GET /publication/list.xml', `GET /publication/${pub.id}.xml`]);
  });

  it('a full ID is sent as is, without a list call', async () => {
    const slot = slots[0]!;
    h.mark();
    const run = await h.masg(['slot', 'view', slot.id, '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(json<Entity>(run.stdout)).toMatchObject({ id: slot.id, name: slot.name, publication: slot.publication });
    expect(calls(h.sent()).map(([m, p]) => `${m} ${p}`)).toEqual([`GET /adslot/${slot.id}.xml`]);
  });

  it('a full ID the service does not know keeps the service answer (exit 5)', async () => {
    const run = await h.masg(['pub', 'view', '00000000-0000-4000-8000-000000000000']);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('00000000-0000-4000-8000-000000000000');
  });

  it('slot view PREFIX as a table on a terminal', async () => {
    const slot = slots[1]!;
    const run = await h.masg(['slot', 'view', slot.id.slice(0, 5), '--color', 'never'], { tty: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(slot.name);
    expect(run.stdout).toContain(slot.id);
  });

  it('help shows examples', async () => {
    for (const group of ['pub', 'slot']) {
      const run = await h.masg([group, 'view', '--help']);
      expect(run.stdout).toMatch(/Examples:\n {2}\$ masg (pub|slot) view /);
    }
  });
});

describe('every ID argument takes a unique prefix', () => {
  it('pub update PREFIX sends the change to the full ID', async () => {
    const pub = pubs.find((p) => p.status === 'ACTIVE')!;
    h.mark();
    const run = await h.masg(['pub', 'update', short(pub.id), '--reference', 'short-id', '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(calls(h.sent())).toEqual([
      ['GET', '/publication/list.xml', {}],
      ['POST', `/publication/${pub.id}.xml`, { reference: 'short-id' }],
    ]);
  });

  it('several IDs: one list call resolves them all', async () => {
    const [a, b] = pubs.filter((p) => p.status === 'ACTIVE');
    h.mark();
    const run = await h.masg(['pub', 'update', short(a!.id), b!.id.slice(0, 6), '--reference', 'both', '-o', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    const sent = calls(h.sent()).map(([m, p]) => `${m} ${p}`);
    expect(sent.filter((s) => s.startsWith('GET'))).toEqual(['GET /publication/list.xml']);
    expect(sent.filter((s) => s.startsWith('POST')).sort()).toEqual(
      [`POST /publication/${a!.id}.xml`, `POST /publication/${b!.id}.xml`].sort(),
    );
  });

  it('the same publication twice (prefix and full ID) is refused before anything changes', async () => {
    const pub = pubs[0]!;
    h.mark();
    const run = await h.masg(['pub', 'update', short(pub.id), pub.id, '--reference', 'twice']);
    expect(run.code).toBe(2);
    expect(calls(h.sent()).filter(([m]) => m === 'POST')).toEqual([]);
  });

  it('--dry-run reads the list and shows the resolved ID in the request it would send', async () => {
    const pub = pubs[0]!;
    h.mark();
    const run = await h.masg(['pub', 'update', short(pub.id), '--status', 'STOPPED', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`POST ${h.sandbox.url}/publication/${pub.id}.xml`);
    expect(calls(h.sent())).toEqual([['GET', '/publication/list.xml', {}]]);
  });

  it('slot update, slot stats, slot create --publication and slot list --publication', async () => {
    const slot = slots[0]!;
    const pub = pubs.find((p) => p.id === slot.publication)!;
    h.mark();
    expect((await h.masg(['slot', 'update', short(slot.id), '--tags', 'short', '-o', 'json'])).code).toBe(0);
    // The list that resolved the short ID also gave the current name the service requires: read once.
    expect(calls(h.sent())).toEqual([
      ['GET', '/adslot/list.xml', {}],
      ['POST', `/adslot/${slot.id}.xml`, { name: slot.name, tags: 'short' }],
    ]);
    h.mark();
    expect((await h.masg(['slot', 'stats', short(slot.id), '--date', '2024-06-10', '-o', 'csv'])).code).toBe(0);
    expect(calls(h.sent()).map(([, p]) => p)).toEqual(['/adslot/list.xml', `/adslot/${slot.id}/statistics.xml`]);
    h.mark();
    const created = await h.masg([
      'slot',
      'create',
      '--publication',
      short(pub.id),
      '--name',
      'Short',
      '--formats',
      'banner',
      '-o',
      'json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(calls(h.sent()).at(-1)).toEqual(['POST', '/adslot/create.xml', { publication: pub.id, name: 'Short', formats: 'banner' }]);
    h.mark();
    const listed = await h.masg(['slot', 'list', '--publication', short(pub.id), '-o', 'json']);
    expect(json<Entity[]>(listed.stdout).every((s) => s.publication === pub.id)).toBe(true);
    expect(calls(h.sent()).at(-1)).toEqual(['GET', '/adslot/list.xml', { publication: pub.id }]);
  });

  it('pub stats PREFIX', async () => {
    const pub = pubs[0]!;
    h.mark();
    const run = await h.masg(['pub', 'stats', short(pub.id), '--date', '2024-06-10', '-o', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    expect(calls(h.sent()).map(([, p]) => p)).toEqual(['/publication/list.xml', `/publication/${pub.id}/statistics.xml`]);
  });

  it('campaign view, stats and list: campaigns are found under every advertiser', async () => {
    h.mark();
    const view = await h.masg(['campaign', 'view', short(campaign.id), '-o', 'json']);
    expect(view.code, view.stderr).toBe(0);
    expect(json<Entity>(view.stdout)).toMatchObject({ id: campaign.id, name: campaign.name });
    const paths = calls(h.sent()).map(([, p]) => p);
    expect(paths[0]).toBe('/advertisers/list.xml');
    expect(paths).toContain(`/advertiser/${advs[0]!.id}/campaigns/list.xml`);
    expect(paths).toContain(`/advertiser/${advs[1]!.id}/campaigns/list.xml`);
    expect(paths.at(-1)).toBe(`/campaign/${campaign.id}.xml`);

    h.mark();
    expect((await h.masg(['campaign', 'stats', short(campaign.id), '--date', '2024-06-10', '-o', 'csv'])).code).toBe(0);
    expect(calls(h.sent()).at(-1)![1]).toBe(`/campaign/${campaign.id}/statistics.xml`);

    h.mark();
    const list = await h.masg(['campaign', 'list', short(advs[1]!.id), '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    expect(json<Entity[]>(list.stdout).map((c) => c.id)).toContain(campaign.id);
    expect(calls(h.sent()).map(([, p]) => p)).toEqual(['/advertisers/list.xml', `/advertiser/${advs[1]!.id}/campaigns/list.xml`]);
  });

  it('a prefix shorter than 4 characters is a usage error, and nothing is sent', async () => {
    for (const argv of [
      ['pub', 'view', 'abc'],
      ['pub', 'update', 'abc', '--name', 'x'],
      ['slot', 'stats', '12', '--date', '2024-06-14'],
      ['campaign', 'list', 'a'],
    ]) {
      h.mark();
      const run = await h.masg(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/is too short; give the full ID or at least its first 4 characters/);
      expect(h.sent()).toEqual([]);
    }
  });

  it('a prefix that matches nothing: exit 2, only the list was read', async () => {
    h.mark();
    const run = await h.masg(['pub', 'update', 'ffffffff', '--name', 'Nobody']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no publication ID starts with "ffffffff"');
    expect(calls(h.sent())).toEqual([['GET', '/publication/list.xml', {}]]);
  });

  it('a flag error is found before the list call', async () => {
    h.mark();
    const run = await h.masg(['pub', 'update', short(pubs[0]!.id), '--requests', '1,000']);
    expect(run.code).toBe(2);
    expect(h.sent()).toEqual([]);
  });
});

describe('ambiguous prefixes', () => {
  let ps: PrefixSandbox;
  let env: Record<string, string>;
  const masg = (argv: string[]) => runCli(argv, { env });
  beforeAll(async () => {
    ps = await startPrefixSandbox();
    env = {
      MASG_BASE_URL: ps.sandbox.url,
      MASG_EMAIL: ps.sandbox.demo.email,
      MASG_DEVELOPER_KEY: ps.sandbox.demo.key,
      MASG_CONFIG_DIR: '/nonexistent/masg',
    };
  });
  afterAll(() => ps.close());

  it('exit 2, the candidates listed with their names, nothing changed', async () => {
    const before = ps.sandbox.requests.length;
    const run = await masg(['pub', 'update', 'abcd000', '--status', 'PAUSED', '--yes']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"abcd000" is the start of 2 publication IDs');
    for (const p of TWIN_PUBS) expect(run.stderr).toMatch(new RegExp(`${p.id} +${p.name}`));
    expect(ps.sandbox.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
    const shown = JSON.parse((await masg(['pub', 'view', TWIN_PUBS[0].id, '-o', 'json'])).stdout) as Entity;
    expect(shown.status).toBe('ACTIVE');
  });

  it('a longer prefix picks one', async () => {
    const run = await masg(['pub', 'view', TWIN_PUBS[1].id.slice(0, 8), '-o', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as Entity).name).toBe('Twin Two');
  });

  it('at most 10 candidates are named, then "and N more"', async () => {
    const run = await masg(['pub', 'view', 'beef']);
    expect(run.code).toBe(2);
    const named = MANY_PUBS.filter((p) => run.stderr.includes(p.id));
    expect(named).toHaveLength(10);
    expect(run.stderr).toContain('and 2 more');
  });

  it('campaigns of two advertisers sharing a prefix', async () => {
    const run = await masg(['campaign', 'stats', 'cafe', '--date', '2024-06-14']);
    expect(run.code).toBe(2);
    for (const c of TWIN_CAMPAIGNS) expect(run.stderr).toMatch(new RegExp(`${c.id} +${c.name}`));
    expect(run.stderr).not.toContain('statistics');
  });
});

describe('all missing required options in one message', () => {
  it('pub create without --name, --type, --description, --transparent: one error naming all four, nothing sent', async () => {
    h.mark();
    const run = await h.masg(['pub', 'create', '--url', 'https://m.example.com/']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--name, --type, --description and --transparent are required');
    expect(run.stderr.match(/masg:/g)).toHaveLength(1);
    expect(h.sent()).toEqual([]);
  });

  it('slot create without any field names all three', async () => {
    h.mark();
    const run = await h.masg(['slot', 'create', '--tags', 'a']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--publication, --name and --formats are required');
    expect(h.sent()).toEqual([]);
  });

  it('one missing option reads as before', async () => {
    const run = await h.masg(['slot', 'create', '--publication', pubs[0]!.id, '--name', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--formats is required');
  });
});
