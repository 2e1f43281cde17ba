// One account's trouble is its own (the built binary, three accounts a, b, c): while a's service
// answers 429 with a Retry-After masg sits out, or hangs until --timeout, b and c finish in about
// the time they take without a (their share of --concurrency is the same: 12 over three accounts,
// 8 over two, 4 connections each); a's status line says what happened, the exit code is 8, and no
// Node warning (MaxListenersExceededWarning) reaches stderr. When each account finished is read
// from the sandbox: the instant its last answer was done, counted from masg's start.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { limit } from '../helpers/time-limits.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { FaultSpec } from '../../src/sandbox/faults.js';
import { duckPath } from '../warehouse/helpers.js';
import { pinnedRange } from '../warehouse/accounts.js';

/** Long beside the others' second or so, and under the 60 s masg sits out without --deadline. */
const RETRY_AFTER_S = 20;
const STATS = ['pub', 'stats', '--interval', 'day', ...pinnedRange(15, 2), '-o', 'csv']; // 14 pieces: 12 of a's wait at once
const three = (command: string[], accounts = ['--profile', 'a,b,c']) => [...accounts, ...command, '--concurrency', '12'];
const alone = (command: string[]) => ['--profile', 'b,c', ...command, '--concurrency', '8'];
const EVERY = ['--all-profiles'];

let sandbox: Sandbox;
let env: Record<string, string>;
const answered: Array<{ email?: string; at: number }> = [];
beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    accounts: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
    latencyMs: 20,
    onRequest: (entry) => answered.push({ email: entry.email, at: performance.now() }),
  });
  const dir = tempDir('masg-trouble-');
  const profiles = Object.fromEntries(
    sandbox.accounts
      .filter((a) => !a.restricted)
      .map((a) => [a.name, { email: a.email, key: a.key, baseUrl: sandbox.url, timezone: a.timeZone }]),
  );
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles }), { mode: 0o600 });
  env = { MASG_CONFIG_DIR: dir, MASG_KEYRING: '0' };
});
afterAll(async () => {
  await sandbox?.close();
  removeTempDirs();
});

const email = (name: string) => sandbox.accounts.find((a) => a.name === name)!.email;

/** One run of the binary, a's service given `fault`; each account's finish in ms after the start. */
async function run(args: string[], fault?: Omit<FaultSpec, 'account'>) {
  sandbox.setFaults(fault && { ...fault, account: email('a') });
  answered.length = 0;
  const started = performance.now();
  const child = spawnMasg(args, { env });
  const code = await child.exited;
  sandbox.setFaults(undefined);
  const finished = (name: string) => Math.max(...answered.filter((e) => e.email === email(name)).map((e) => e.at - started));
  return { code, stderr: child.stderr(), a: finished('a'), b: finished('b'), c: finished('c') };
}

type Run = Awaited<ReturnType<typeof run>>;

function expectOwnTrouble(troubled: Run, alone: Run, status: RegExp): void {
  expect(troubled.code, troubled.stderr).toBe(8);
  const lines = troubled.stderr.split('\n').filter((l) => /^[abc]: (ok|.* \(\d+\))$/.test(l));
  expect(lines.find((l) => l.startsWith('a: '))).toMatch(status);
  expect(lines.filter((l) => !l.startsWith('a: '))).toEqual(['b: ok', 'c: ok']);
  expect(troubled.stderr).not.toMatch(/Warning/);
  // b and c within three times their time alone (scaled by the machine's load), a still in trouble long after.
  for (const name of ['b', 'c'] as const) {
    expect(troubled[name], `${name}: ${troubled[name]} ms beside a, ${alone[name]} ms alone`).toBeLessThan(limit(3 * alone[name]));
  }
}

describe("one account's trouble holds only its own share of --concurrency", () => {
  const limited = { rates: { '429': 1 }, retryAfter: RETRY_AFTER_S };
  const hung = { latencyMs: 30_000 };
  const TIMEOUT = ['--timeout', '5', '--retries', '0'];

  it(`pub stats: a answers 429 with Retry-After: ${RETRY_AFTER_S}`, async () => {
    const before = await run(alone(STATS));
    const troubled = await run([...three(STATS), '--retries', '1'], limited);
    expectOwnTrouble(troubled, before, /^a: .*HTTP 429 .*Gave up after 2 attempts\. \(6\)$/);
    expect(troubled.a).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000); // a's wait was sat out, by a alone
  });

  it('pub stats: a hangs until --timeout', async () => {
    const before = await run(alone(STATS));
    const troubled = await run([...three(STATS), ...TIMEOUT], hung);
    expectOwnTrouble(troubled, before, /^a: Timed out after 5s waiting for .*\(6\)$/);
  });

  it(`pulse --all-profiles: a answers 429 with Retry-After: ${RETRY_AFTER_S}`, async () => {
    const before = await run(alone(['pulse']));
    const troubled = await run([...three(['pulse'], EVERY), '--retries', '1'], limited);
    expectOwnTrouble(troubled, before, /^a: .*HTTP 429 .*Gave up after 2 attempts\. \(6\)$/);
    expect(troubled.stderr).toContain('1 of 3 accounts have no report (a)');
  });

  it('sync --all-profiles: a hangs until --timeout', async () => {
    const sync = () => ['sync', '--db', duckPath(), ...pinnedRange(8, 2)];
    const before = await run(alone(sync()));
    const troubled = await run([...three(sync(), EVERY), ...TIMEOUT], hung);
    expectOwnTrouble(troubled, before, /^a: Timed out after 5s waiting for .*\(6\)$/);
  });

  it('one account alone at --concurrency 16 sitting out 429s: exit 6, and no Node warning either', async () => {
    const one = await run(['--profile', 'a', ...STATS, '--concurrency', '16', '--retries', '1'], { rates: { '429': 1 }, retryAfter: 2 });
    expect(one.code, one.stderr).toBe(6);
    expect(one.stderr).toMatch(/HTTP 429 .*Gave up after 2 attempts\./);
    expect(one.stderr).not.toMatch(/Warning/);
  });
});
