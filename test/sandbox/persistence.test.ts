import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, demoIds, type Entity, start } from './helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'masg-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** The data file: what the sandbox persisted (only the fields these tests read are named). */
interface State {
  seed: number;
  publications: Entity[];
  adslots: Entity[];
}
const readState = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as State;

describe('persistence', () => {
  it('state survives a restart (same IDs, same statistics; the file keeps its seed)', async () => {
    const file = path.join(dir, 'nested', 'folder', 'state.json');
    const a = await start({ dataFile: file, seed: 5 });
    const { pubs } = await demoIds(a);
    const pub = (
      await call(a, 'POST', '/publication/create.json', { params: { name: 'Kept', type: 'OTHER_APP', description: 'd' } })
    ).json()['masg-response'];
    const slot = (
      await call(a, 'POST', '/adslot/create.json', {
        params: { publication: pubs['demo-1'].id, name: 'Kept slot', formats: 'text', tags: 't1,t2' },
      })
    ).json()['masg-response'];
    await call(a, 'POST', `/publication/${pubs['demo-1'].id}.xml`, { params: { status: 'PAUSED' } });
    const stats = (
      await call(a, 'GET', '/publication/statistics.xml', { params: { start: '2024060100', end: '2024061023', level: 'adslot' } })
    ).text;
    await a.close();

    const b = await start({ dataFile: file, seed: 99 });
    try {
      const after = await demoIds(b);
      expect(after.pubs['demo-1'].status).toBe('PAUSED');
      expect(Object.values(after.pubs).find((p: Entity) => p.id === pub.id)).toMatchObject({ name: 'Kept', status: 'ACTIVE' });
      expect(after.slots.find((s) => s.id === slot.id)).toEqual(slot);
      expect(
        (await call(b, 'GET', '/publication/statistics.xml', { params: { start: '2024060100', end: '2024061023', level: 'adslot' } })).text,
      ).toBe(stats);
      // New IDs continue the sequence instead of repeating one.
      const next = (
        await call(b, 'POST', '/publication/create.json', { params: { name: 'Next', type: 'OTHER_APP', description: 'd' } })
      ).json()['masg-response'];
      expect(next.id).not.toBe(pub.id);
    } finally {
      await b.close();
    }
    expect(readState(file).seed).toBe(5);
  });

  it('16 concurrent clients creating ad slots: none lost, the file is valid and holds them all', async () => {
    const file = path.join(dir, 'concurrent.json');
    const sb = await start({ dataFile: file });
    const pub = (await demoIds(sb)).pubs['demo-2'].id;
    const created = await Promise.all(
      Array.from({ length: 16 }, async (_, client) => {
        const out: string[] = [];
        for (let i = 0; i < 5; i++) {
          const r = await call(sb, 'POST', '/adslot/create.json', {
            params: { publication: pub, name: `c${client}-${i}`, formats: 'banner' },
          });
          expect(r.status).toBe(200);
          out.push(r.json()['masg-response'].id);
        }
        return out;
      }),
    );
    const ids = created.flat();
    expect(new Set(ids).size).toBe(80);
    // Every 200 was answered after its write reached the disk: the file has them all already.
    const onDisk = new Set(readState(file).adslots.map((s: Entity) => s.id));
    for (const id of ids) expect(onDisk.has(id)).toBe(true);
    const listed = (await call(sb, 'GET', '/adslot/list.json', { params: { publication: pub } })).json()['masg-response'];
    expect(listed.filter((s: Entity) => /^c\d+-\d$/.test(s.name))).toHaveLength(80);
    await sb.close();
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('close() with an idle keep-alive connection open lets an in-flight write finish and persists it', async () => {
    const file = path.join(dir, 'closing.json');
    const sb = await start({ dataFile: file, latencyMs: 300 });
    await call(sb, 'GET', '/publication/list.xml'); // leaves an idle keep-alive connection
    const inflight = call(sb, 'POST', '/publication/create.json', { params: { name: 'Late', type: 'OTHER_APP', description: 'd' } });
    // Closed once the write has reached the sandbox (its request log holds it), inside its 300 ms latency.
    while (!sb.requests.some((r) => r.method === 'POST')) await new Promise((r) => setTimeout(r, 5));
    await sb.close();
    const r = await inflight;
    expect(r.status).toBe(200);
    const id = r.json()['masg-response'].id;
    expect(readState(file).publications.map((p: Entity) => p.id)).toContain(id);
    await expect(fetch(`${sb.url}/publication/list.xml`)).rejects.toThrow();
  });

  it('refuses a corrupt file instead of overwriting it; removes temp files of interrupted writes', async () => {
    const file = path.join(dir, 'corrupt.json');
    writeFileSync(file, '{"version":1,"seed":');
    await expect(start({ dataFile: file })).rejects.toThrow();
    expect(readFileSync(file, 'utf8')).toBe('{"version":1,"seed":');
    const good = path.join(dir, 'good.json');
    // The name a writer killed before its rename leaves: its PID (now gone) and 8 hex digits.
    const killed = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const stale = path.join(dir, `.good.json.${killed}.0a1b2c3d.tmp`);
    writeFileSync(stale, '{"half');
    const sb = await start({ dataFile: good });
    await sb.close();
    expect(existsSync(stale)).toBe(false);
  });
});

describe('several sandboxes over one data file (every `masg --sandbox` command runs its own)', () => {
  const create = (sb: Awaited<ReturnType<typeof start>>, name: string) =>
    call(sb, 'POST', '/publication/create.json', { params: { name, type: 'OTHER_APP', description: 'd' } });

  it('IDs stay unique, each sees what the other committed, and no change is lost', async () => {
    const file = path.join(dir, 'shared', 'state.json');
    // Both start at once on a file that does not exist yet: one creates it, the other reads it.
    const [a, b] = await Promise.all([start({ dataFile: file }), start({ dataFile: file })]);
    try {
      expect((await demoIds(a)).pubs).toEqual((await demoIds(b)).pubs);
      const created = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const r = await create(i % 2 ? a : b, `shared-${i}`);
          expect(r.status).toBe(200);
          return r.json()['masg-response'].id as string;
        }),
      );
      expect(new Set(created).size).toBe(20);
      // A rename in one while the other keeps creating: the rename survives the other's writes.
      const slot = (await demoIds(a)).slots[0];
      const [renamed] = await Promise.all([
        call(a, 'POST', `/adslot/${slot.id}.json`, { params: { name: 'Renamed beside creates' } }),
        ...Array.from({ length: 5 }, (_, i) => create(b, `beside-${i}`)),
      ]);
      expect(renamed.status).toBe(200);
      for (const sb of [a, b]) {
        const listed = (await call(sb, 'GET', '/publication/list.json')).json()['masg-response'].map((p: Entity) => p.id);
        for (const id of created) expect(listed).toContain(id);
        const slots = (await call(sb, 'GET', '/adslot/list.json')).json()['masg-response'];
        expect(slots.find((s: Entity) => s.id === slot.id).name).toBe('Renamed beside creates');
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const state = readState(file);
    const onDisk = state.publications.map((p: Entity) => p.name);
    for (let i = 0; i < 20; i++) expect(onDisk).toContain(`shared-${i}`);
    for (let i = 0; i < 5; i++) expect(onDisk).toContain(`beside-${i}`);
    expect(state.adslots.map((s: Entity) => s.name)).toContain('Renamed beside creates');
    expect(readdirSync(path.dirname(file))).toEqual(['state.json']); // no lock or temp file left
  });

  it('a data file that turns corrupt while running is refused, not overwritten', async () => {
    const file = path.join(dir, 'turns-corrupt.json');
    const sb = await start({ dataFile: file });
    try {
      expect((await create(sb, 'before')).status).toBe(200);
      writeFileSync(file, '{"version":1,"publ');
      const r = await create(sb, 'after');
      expect(r.status).toBe(500);
      expect(readFileSync(file, 'utf8')).toBe('{"version":1,"publ');
      expect((await call(sb, 'GET', '/publication/list.json')).status).toBe(500);
    } finally {
      await sb.close();
    }
    expect(readFileSync(file, 'utf8')).toBe('{"version":1,"publ');
  });
});

describe('kill -9 during a stream of writes', () => {
  // The child runs the built sandbox, as `masg sandbox` does (npm test builds dist/ first).
  function builtSandbox(): string {
    const main = path.resolve('dist/sandbox/main.js');
    if (!existsSync(main)) throw new Error('dist/ is missing: run `npx tsc -p tsconfig.json` (npm test does) first');
    return main;
  }

  it('leaves a valid file holding every acknowledged write', async () => {
    const main = builtSandbox();
    const file = path.join(dir, 'killed.json');
    const child = spawn(process.execPath, [main, '--port', '0', '--data', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((r) => child.once('exit', r));
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
        const m = /listening on (\S+)/.exec(text);
        if (m) resolve(m[1]!);
      });
      child.once('exit', () => reject(new Error(`sandbox exited early: ${text}`)));
    });
    const sb = { url, demo: { email: 'demo@sandbox.masg.test', key: 'demo-developer-key' } };
    const pub = (await demoIds(sb)).pubs['demo-1'].id;
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        try {
          const r = await call(sb, 'POST', '/adslot/create.json', {
            params: { publication: pub, name: `k${w}-${i}`, formats: 'banner', tags: 'x'.repeat(200) },
          });
          if (r.status === 200) acknowledged.push(r.json()['masg-response'].id);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    // Killed once writes are flowing: a fixed 400 ms saw too few of them on a loaded machine.
    while (acknowledged.length <= 10) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    killed = true;
    child.kill('SIGKILL');
    await Promise.all(writers);
    await exited;

    expect(acknowledged.length).toBeGreaterThan(10);
    const state = readState(file); // parses: the file is whole
    const onDisk = new Set(state.adslots.map((s: Entity) => s.id));
    for (const id of acknowledged) expect(onDisk.has(id)).toBe(true);
    const restarted = await start({ dataFile: file });
    expect((await call(restarted, 'GET', '/adslot/list.json')).json()['masg-response'].length).toBe(onDisk.size - 1); // minus the other account's slot
    await restarted.close();
  }, 60_000);
});
