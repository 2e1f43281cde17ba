// The sandbox under load: 32 clients, each with its own connection pool, creating 25 ad slots
// apiece at the same time through the real client. No write may be lost: every slot is listed
// afterwards, the state file is valid JSON holding all of them, and a restart still has them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdSlot, listAdSlots } from '../../src/endpoints/adslots.js';
import { createPublication } from '../../src/endpoints/publications.js';
import { createTransport } from '../../src/transport/transport.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli.js';
import { limit } from '../helpers/time-limits.js';

const CLIENTS = 32;
const EACH = 25;

let dir: string;
let sandbox: Sandbox;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'masg-load-'));
  sandbox = await startSandbox({ port: 0, dataFile: join(dir, 'state.json') });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const clientFor = () => createTransport({ baseUrl: sandbox.url, email: sandbox.demo.email, key: sandbox.demo.key, timeoutMs: 20_000 });

it(`${CLIENTS} parallel clients × ${EACH} creates: every write kept`, async () => {
  const setup = clientFor();
  const pub = await createPublication(setup, { name: 'Load test', type: 'OTHER_APP', description: 'load', transparent: 'false' });
  await setup.close();

  const started = performance.now();
  const created = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const client = clientFor();
      try {
        const ids: string[] = [];
        for (let i = 0; i < EACH; i++) {
          const slot = await createAdSlot(client, { publication: pub.id, name: `load ${c}-${i}`, formats: 'banner' });
          ids.push(slot.id);
        }
        return ids;
      } finally {
        await client.close();
      }
    }),
  );
  const elapsed = performance.now() - started;
  const ids = created.flat();
  expect(ids).toHaveLength(CLIENTS * EACH);
  expect(new Set(ids).size).toBe(CLIENTS * EACH);
  expect(elapsed).toBeLessThan(limit(45_000));
  // Exactly one request per create reached the service: nothing was retried or lost on the way.
  expect(sandbox.requests.filter((r) => r.path === '/adslot/create.xml' && r.status === 200)).toHaveLength(CLIENTS * EACH);

  // Read back through the CLI, as a user would.
  const run = await runCli(['slot', 'list', '--publication', pub.id, '-o', 'json'], {
    env: { MASG_BASE_URL: sandbox.url, MASG_EMAIL: sandbox.demo.email, MASG_DEVELOPER_KEY: sandbox.demo.key, MASG_CONFIG_DIR: dir },
  });
  expect(run.code).toBe(0);
  const listed = (JSON.parse(run.stdout) as Array<{ id: string; name: string }>).map((s) => s.id);
  expect(new Set(listed)).toEqual(new Set(ids));

  // Durable: the state file is whole JSON with every slot, and a restarted sandbox serves them.
  await sandbox.close();
  const state = readFileSync(join(dir, 'state.json'), 'utf8');
  expect(() => JSON.parse(state)).not.toThrow();
  for (const id of ids) expect(state).toContain(id);
  sandbox = await startSandbox({ port: 0, dataFile: join(dir, 'state.json') });
  const again = clientFor();
  expect((await listAdSlots(again, { publication: pub.id }).toArray()).map((s) => s.id).sort()).toEqual([...ids].sort());
  await again.close();
}, 90_000);
