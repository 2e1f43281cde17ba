// Production's answers, said truthfully: tags it accepted and dropped are a failure (exit 5,
// naming tags, the slot as applied still shown), and --raw writes the body's bytes exactly as
// received (production's JSON is Latin-1: never re-encoded to UTF-8).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, FieldsNotKeptError } from '../../src/index.js';
import { spawnMasg } from '../helpers/binary.js';
import { LATIN1_JSON, startFixtureServer, type FixtureServer } from '../transport/fixture-server.js';
import { removeTempDirs, startHarness, type Harness } from './harness.js';

const PUB = '0378aee4-d936-4ff2-a190-8a33aeab6a46';
const SLOT = '065340ff-a0e4-4d32-85bc-80d05081f3ee';
const DROP_TAGS = { rates: { 'drop-tags': 1 } } as const;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => h.sandbox.setFaults(undefined));
afterAll(async () => {
  await h.close();
  removeTempDirs();
});

const flat = (s: string) => s.replace(/\s+/g, ' ');
/** The error -o json writes on stderr. */
const errorOf = (stderr: string) => (JSON.parse(stderr) as { error: { message: string; exitCode: number } }).error;

describe('tags the service did not keep', () => {
  it('slot create --tags: exit 5 naming tags, the created slot still shown', async () => {
    h.sandbox.setFaults(DROP_TAGS);
    const run = await h.masg([
      'slot',
      'create',
      '--publication',
      PUB,
      '--name',
      'Tagged',
      '--formats',
      'banner',
      '--tags',
      'a,b',
      '-o',
      'json',
    ]);
    expect(run.code).toBe(5);
    expect(errorOf(run.stderr).message).toContain('did not keep its tags: sent "a,b", it has none. The other fields were applied.');
    const slot = JSON.parse(run.stdout) as Record<string, string>;
    expect(slot).toMatchObject({ name: 'Tagged', publication: PUB });
    expect(slot.tags ?? '').toBe('');
    // It was created: the service lists it.
    const list = await h.masg(['slot', 'list', '--publication', PUB, '-o', 'csv', '--fields', 'id']);
    expect(list.stdout).toContain(slot.id);
  });

  it('slot update --tags: exit 5 naming tags, the name change applied', async () => {
    h.sandbox.setFaults(DROP_TAGS);
    const run = await h.masg(['slot', 'update', SLOT, '--name', 'Renamed', '--tags', 'x', '-o', 'json']);
    expect(run.code).toBe(5);
    expect(errorOf(run.stderr).message).toMatch(/did not keep its tags: sent "x", it has "header,food"/);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: SLOT, name: 'Renamed', tags: 'header,food' });
  });

  it('--raw prints the body as received and still exits 5', async () => {
    h.sandbox.setFaults(DROP_TAGS);
    const run = await h.masg(['slot', 'update', SLOT, '--name', 'Header banner', '--tags', 'y', '--raw']);
    expect(run.code).toBe(5);
    expect(run.stdout).toContain('<adslot>');
    expect(flat(run.stderr)).toContain('did not keep its tags');
  });

  it('without the fault the tags are kept and the run succeeds (in any order)', async () => {
    const run = await h.masg([
      'slot',
      'create',
      '--publication',
      PUB,
      '--name',
      'Kept',
      '--formats',
      'banner',
      '--tags',
      'b,a',
      '-o',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { tags: string }).tags.split(',').sort()).toEqual(['a', 'b']);
    const cleared = await h.masg(['slot', 'update', SLOT, '--tags', '']);
    expect(cleared.code, cleared.stderr).toBe(0);
  });

  it('the SDK rejects with FieldsNotKeptError, carrying the slot as applied', async () => {
    h.sandbox.setFaults(DROP_TAGS);
    const client = createClient({ baseUrl: h.sandbox.url, email: h.sandbox.demo.email, key: h.sandbox.demo.key });
    try {
      const err = await client.createAdSlot({ publication: PUB, name: 'SDK', formats: 'banner', tags: 't' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(FieldsNotKeptError);
      const notKept = err as FieldsNotKeptError<{ id: string; name: string }>;
      expect(notKept.fields).toEqual(['tags']);
      expect(notKept.exitCode).toBe(5);
      expect(notKept.record).toMatchObject({ name: 'SDK' });
      expect(notKept.record.id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await client.close();
    }
  });
});

describe('--raw writes the bytes as received', () => {
  // Production's JSON: ISO-8859-1, so "é" is the single byte 0xE9, and no final newline.
  const body = Buffer.from(`{"masg-response":{"publication":{"id":"${PUB}","name":"Café Olé, ü ñ","status":"ACTIVE"}}}`, 'latin1');
  let fixture: FixtureServer;
  beforeAll(async () => {
    fixture = await startFixtureServer({
      [`GET /publication/${PUB}.json`]: { type: LATIN1_JSON, body },
      'GET /publication/list.json': { type: LATIN1_JSON, body },
    });
  });
  afterAll(() => fixture.close());

  /** masg spawned with stdout a pipe: the bytes it wrote, unread as text. */
  async function masg(argv: string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
    const run = spawnMasg(argv, { env: { MASG_BASE_URL: fixture.url, MASG_EMAIL: 'ops@example.com', MASG_DEVELOPER_KEY: 'k' } });
    const code = await run.exited;
    return { code, stdout: run.stdoutBytes(), stderr: run.stderr() };
  }

  it('pub view --raw json', async () => {
    const run = await masg(['pub', 'view', PUB, '--raw', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.equals(body)).toBe(true);
  });

  it('masg api', async () => {
    const run = await masg(['api', 'publication/list', '--raw', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.equals(body)).toBe(true);
  });
});
