// Live IDs behind Tab, in-process against a sandbox: the per-profile cache, the flags on the line
// that choose the account, the deadline, and silence on every failure.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatAnswer } from '../../src/completion/complete.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli.js';

let sandbox: Sandbox;
let configDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  configDir = mkdtempSync(join(tmpdir(), 'masg-live-'));
  env = {
    MASG_CONFIG_DIR: configDir,
    MASG_BASE_URL: sandbox.url,
    MASG_EMAIL: sandbox.demo.email,
    MASG_DEVELOPER_KEY: sandbox.demo.key,
    // The 1.5 s deadline, scaled: a loaded machine must not turn an answer into silence.
    MASG_COMPLETION_DEADLINE_MS: '60000',
  };
  return () => rmSync(configDir, { recursive: true, force: true });
});

const complete = (line: string, e: Record<string, string> = env) => runCli(['__complete', ...line.split(' ')], { env: e });
const requests = () => sandbox.requests.length;
const cacheFile = (label = 'default') => join(configDir, 'cache', `ids-${label}.json`);

describe('the cache', () => {
  it('the first Tab asks the service, the next ones read cache/ids-<profile>.json (0600)', async () => {
    const before = requests();
    const first = await complete('pub update ');
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^[0-9a-f-]{36}\tNordic News Site$/m);
    expect(first.stdout.endsWith('\n:\n')).toBe(true);
    expect(requests()).toBe(before + 1);
    expect(statSync(cacheFile()).mode & 0o777).toBe(0o600);

    expect((await complete('pub update ')).stdout).toBe(first.stdout);
    expect((await complete('slot list --publication ')).stdout).toBe(first.stdout);
    expect(requests()).toBe(before + 1);
  });

  it('a stale entry (older than 10 minutes) is fetched again', async () => {
    await complete('campaign list ');
    const file = JSON.parse(readFileSync(cacheFile(), 'utf8'));
    file.entries.advertisers.at -= 11 * 60 * 1000;
    file.entries.advertisers.items = [['old-id', 'Gone']];
    writeFileSync(cacheFile(), JSON.stringify(file));
    const run = await complete('campaign list ');
    expect(run.stdout).not.toContain('old-id');
    expect(run.stdout).toContain('Acme Outdoor');
  });

  it('another account or server makes the file a miss, not a wrong answer', async () => {
    await complete('pub update ');
    const file = JSON.parse(readFileSync(cacheFile(), 'utf8'));
    writeFileSync(cacheFile(), JSON.stringify({ ...file, entries: { publications: { at: Date.now(), items: [['x', 'Other account']] } } }));
    expect((await complete('pub update ')).stdout).toContain('x\tOther account');
    expect(
      (await complete('pub update ', { ...env, MASG_EMAIL: sandbox.other.email, MASG_DEVELOPER_KEY: sandbox.other.key })).stdout,
    ).toContain('Other Account App');
  });

  it('--sandbox on the line has a cache of its own', async () => {
    const run = await complete('--sandbox pub update ', { MASG_CONFIG_DIR: configDir });
    expect(run.stdout).toContain('\tNordic News Site');
    expect(JSON.parse(readFileSync(cacheFile('sandbox'), 'utf8')).identity).toBe('sandbox');
  });
});

describe('the account comes from the line being completed', () => {
  it('--base-url on the line beats MASG_BASE_URL', async () => {
    const run = await complete(`--base-url ${sandbox.url} pub update `, { ...env, MASG_BASE_URL: 'http://127.0.0.1:9' });
    expect(run.stdout).toContain('\tNordic News Site');
  });

  it('--profile on the line names a profile that does not exist: nothing, silently', async () => {
    expect(await complete('--profile nosuch pub update ')).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('failures print nothing at all', () => {
  it('no credentials: no prompt, no output', async () => {
    expect(await complete('pub update ', { MASG_CONFIG_DIR: configDir })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  // The answer would come after 5 s with IDs in it: empty output proves the deadline was kept.
  it('a service that does not answer in time: gives up at the completion deadline', async () => {
    const slow = await startSandbox({ latencyMs: 5000 });
    try {
      expect(await complete('pub update ', { ...env, MASG_BASE_URL: slow.url, MASG_COMPLETION_DEADLINE_MS: '1500' })).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
    } finally {
      await slow.close();
    }
  });

  it('rejected credentials', async () => {
    expect(await complete('campaign view ', { ...env, MASG_DEVELOPER_KEY: 'wrong' })).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('the protocol', () => {
  it('one candidate a line, a tab before the description, then the directive line', () => {
    expect(formatAnswer([{ value: 'a', description: 'A' }, { value: 'b' }], ['nospace', 'files'])).toBe('a\tA\nb\n:nospace,files\n');
  });

  it('control characters from the service cannot break a line', () => {
    expect(formatAnswer([{ value: 'id', description: 'Evil\tname\nnext' }], [])).toBe('id\tEvil name next\n:\n');
  });
});
