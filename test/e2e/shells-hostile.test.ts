// Hostile IDs and names from the service, through the committed completion scripts in the real
// shells: every ID is offered and inserted as one literal word (the line, run, passes exactly
// that ID and runs nothing else), IDs with control characters are not offered, and names shown
// as descriptions carry no escape sequence, C1 or bidi control.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listPublications } from '../../src/endpoints/publications.js';
import { createTransport } from '../../src/transport/transport.js';
import { runCli } from '../helpers/cli.js';
import {
  HOSTILE_IDS,
  HOSTILE_NAME,
  HOSTILE_NAME_SHOWN,
  INSERT_CASES,
  startHostileSandbox,
  UNOFFERED_IDS,
  type HostileSandbox,
} from '../helpers/hostile.js';
import { argsOf, bashReply, bufferAfterTab } from '../completion/insert.js';
import { bashOffer, fishComplete, hasShell, tempBin, values, zshComplete, type Offer } from '../completion/shells.js';

let hostile: HostileSandbox;
let bin: ReturnType<typeof tempBin>;
let configDir: string;
/** Where the shells run: holds a decoy file, so an unquoted * would expand to it. */
let cwd: string;
let env: NodeJS.ProcessEnv;
/** Every publication ID of the account that may be offered: all but UNOFFERED_IDS. */
let offered: string[];

beforeAll(async () => {
  hostile = await startHostileSandbox();
  const { sandbox } = hostile;
  bin = tempBin();
  configDir = mkdtempSync(join(tmpdir(), 'masg-hostile-config-'));
  cwd = mkdtempSync(join(tmpdir(), 'masg-hostile-cwd-'));
  writeFileSync(join(cwd, 'decoy'), '');
  env = {
    ...process.env,
    PATH: bin.path,
    MASG_CONFIG_DIR: configDir,
    MASG_BASE_URL: sandbox.url,
    MASG_EMAIL: sandbox.demo.email,
    MASG_DEVELOPER_KEY: sandbox.demo.key,
    MASG_COMPLETION_DEADLINE_MS: '10000',
  };
  const client = createTransport({ baseUrl: sandbox.url, ...sandbox.demo });
  const all = (await listPublications(client).toArray()).map((p) => p.id);
  await client.close();
  // The service really sends them: the test would prove nothing otherwise.
  expect(all).toEqual(expect.arrayContaining([...HOSTILE_IDS, ...UNOFFERED_IDS]));
  offered = all.filter((id) => !(UNOFFERED_IDS as readonly string[]).includes(id)).sort();
});

afterAll(async () => {
  await hostile?.close();
  for (const dir of [configDir, cwd]) if (dir) rmSync(dir, { recursive: true, force: true });
});

// Nothing a shell was given ever ran.
afterEach(() => {
  expect(readdirSync(cwd).filter((n) => n.startsWith('PWNED'))).toEqual([]);
});

const sorted = (xs: Iterable<string>) => [...xs].sort();
const hostileOffer = (list: Offer[]) => list.find((o) => o.value === HOSTILE_IDS[0] || o.value === '\\$\\(touch\\ PWNED1\\)');

describe('masg __complete', () => {
  it('answers hostile IDs as they are, leaves out IDs with control characters, cleans names', async () => {
    const run = await runCli(['__complete', 'pub', 'update', ''], { env: { ...env } });
    const lines = run.stdout.split('\n').slice(0, -2);
    const ids = lines.map((l) => l.split('\t')[0]!);
    expect(sorted(ids)).toEqual(offered);
    expect(lines).toContain(`${HOSTILE_IDS[0]}\t${HOSTILE_NAME_SHOWN}`);
    // Nothing a terminal would act on anywhere in the answer (tabs and newlines are the protocol).
    // eslint-disable-next-line no-control-regex -- the test is that no control characters reach the shell
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(HOSTILE_NAME).not.toBe(HOSTILE_NAME_SHOWN);
  });
});

describe.skipIf(!hasShell('bash'))('bash', () => {
  it('every ID is offered as one quoted word that reads back as the ID when the line runs', async () => {
    const words = await bashReply('masg pub update ', env, cwd);
    expect(words).toHaveLength(offered.length);
    const got: string[] = [];
    for (const entry of words) {
      // Several candidates are listed "value  (name)"; the value is what bash would insert.
      const word = bashOffer(entry).value;
      const args = await argsOf('bash', `masg pub update ${word}`, cwd);
      expect(args.slice(0, 2)).toEqual(['pub', 'update']);
      expect(args).toHaveLength(3);
      got.push(args[2]!);
    }
    expect(sorted(got)).toEqual(offered);
  });

  it.each(INSERT_CASES)('masg pub update %s<Tab> inserts exactly %s', async (typed, id) => {
    const words = await bashReply(`masg pub update ${typed}`, env, cwd);
    expect(words).toHaveLength(1);
    const line = `masg pub update ${typed.replace(/[^ ]*$/, '')}${words[0]}`;
    expect((await argsOf('bash', line, cwd)).at(-1)).toBe(id);
  });
});

describe.skipIf(!hasShell('zsh'))('zsh', () => {
  it('offers every ID as itself; the name shown carries no control character', async () => {
    const got = await zshComplete('masg pub update ', env, bin.zfunc);
    // zsh lists the matches quoted as it would insert them: read each back as the shell does.
    const read: string[] = [];
    for (const word of values(got)) read.push(...(await argsOf('zsh', `masg ${word}`, cwd)));
    expect(sorted(read)).toEqual(offered);
    expect(hostileOffer(got)?.description).toBe(HOSTILE_NAME_SHOWN);
  });

  it.each(INSERT_CASES)('masg pub update %s<Tab> inserts exactly %s', async (typed, id) => {
    const line = await bufferAfterTab('zsh', `masg pub update ${typed}`, env, cwd, bin.zfunc);
    expect(line.startsWith('masg pub update ')).toBe(true);
    expect((await argsOf('zsh', line, cwd)).at(-1)).toBe(id);
  });
});

describe.skipIf(!hasShell('fish'))('fish', () => {
  it('offers every ID as itself; the name shown carries no control character', async () => {
    const got = await fishComplete('masg pub update ', env);
    expect(sorted(values(got))).toEqual(offered);
    expect(hostileOffer(got)?.description).toBe(HOSTILE_NAME_SHOWN);
  });

  it.each(INSERT_CASES)('masg pub update %s<Tab> inserts exactly %s', async (typed, id) => {
    const line = await bufferAfterTab('fish', `masg pub update ${typed}`, env, cwd, bin.zfunc);
    expect(line.startsWith('masg pub update ')).toBe(true);
    expect((await argsOf('fish', line, cwd)).at(-1)).toBe(id);
  });
});
