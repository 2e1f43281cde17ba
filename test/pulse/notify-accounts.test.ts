// masg pulse --notify over several accounts, against a local HTTP receiver: one post per account
// whose alerts changed, naming that account and holding only its alerts; the state kept per
// account (an identical re-run posts nothing); a post that fails for one account leaves that
// account's state alone (exit 6, posted again next run) while the other account's is advanced.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { startAccountsHarness, DAY, type AccountsHarness } from './accounts-helpers.js';
import type { AccountsDocument } from '../../src/pulse/accounts.js';

let h: AccountsHarness;
let receiver: Server;
let received: Array<{ text: string; blocks: Array<{ text: { text: string } }> }> = [];
let answers: number[] = [];
let paths: string[] = [];
let url: string;

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  h = await startAccountsHarness();
  receiver = createServer((req, res) => {
    void read(req).then((text) => {
      paths.push(req.url ?? '');
      received.push(JSON.parse(text) as (typeof received)[number]);
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'ok' : 'server error');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await h.close();
});
beforeEach(() => {
  received = [];
  answers = [];
});

const notify = (configDir: string) =>
  h.masg(['--profile', 'east,west', '--retries', '0', 'pulse', '--date', DAY, '--notify', '-o', 'json'], {
    env: { MASG_CONFIG_DIR: configDir, MASG_NOTIFY_URL: url },
  });

test('one post per account naming it, with its own alerts; state per account; a re-run posts nothing', async () => {
  const dir = await h.profilesOnly(['east', 'west']);
  const run = await notify(dir);
  expect(run.code).toBe(9);
  const doc = JSON.parse(run.stdout) as AccountsDocument;
  expect(received.map((r) => r.text.match(/for (\w+)@sandbox\.masg\.test/)?.[1]).sort()).toEqual(['east', 'west']);
  for (const post of received) {
    const account = post.text.match(/for (\w+)@/)![1];
    const report = doc.reports.find((r) => r.profile === account)!;
    const alerts = report.findings.filter((f) => f.severity === 'alert');
    expect(post.text).toMatch(new RegExp(`: ${alerts.length} new alerts?$`));
    // The summary, then one block per alert of this account: its own alerts, no other account's.
    expect(post.blocks.slice(1).map((b) => b.text.text.replace(/^:red_circle: \*ALERT\* (\w+): .*$/s, '$1'))).toEqual(
      alerts.map((f) => f.kind),
    );
  }
  expect(readdirSync(join(dir, 'pulse')).sort()).toEqual(['notified-east@sandbox.masg.test.json', 'notified-west@sandbox.masg.test.json']);
  received = [];
  const again = await notify(dir);
  expect([again.code, received]).toEqual([9, []]);
});

test("a post that fails for one account: exit 6, that account's state kept, the other's advanced", async () => {
  const dir = await h.profilesOnly(['east', 'west']);
  answers = [500];
  const run = await notify(dir);
  expect(run.code).toBe(6);
  expect(received).toHaveLength(2);
  const failed = received[0].text.match(/for (\w+)@/)![1];
  const posted = received[1].text.match(/for (\w+)@/)![1];
  // The failure names its account: over several accounts, "could not be posted" alone would not say whose.
  expect(run.stderr).toMatch(new RegExp(`^\\{"error".*"message":"${failed}: `, 'm'));
  expect(readdirSync(join(dir, 'pulse'))).toContain(`notified-${posted}@sandbox.masg.test.json`);
  expect(readdirSync(join(dir, 'pulse'))).not.toContain(`notified-${failed}@sandbox.masg.test.json`);
  expect(readFileSync(join(dir, 'pulse', `notified-${posted}@sandbox.masg.test.json`), 'utf8')).toContain(DAY);
  received = [];
  const next = await notify(dir);
  expect(next.code).toBe(9);
  expect(received.map((r) => r.text.match(/for (\w+)@/)![1])).toEqual([failed]);
});

test("a bare --notify over several accounts posts each to its own profile's URL, and a profile without one fails first", async () => {
  const dir = await h.profilesOnly(['east', 'west']);
  const { openStore } = await import('../../src/config/conf-store.js');
  const store = await openStore(dir, { env: { MASG_KEYRING: '0' } });
  await store.setNotifyUrl('east', { url: `${url}-east` });
  const env = { MASG_CONFIG_DIR: dir, MASG_NOTIFY_URL: undefined, MASG_KEYRING: '0' };
  const argv = ['--profile', 'east,west', '--retries', '0', 'pulse', '--date', DAY, '--notify', '-o', 'json'];
  const missing = await h.masg(argv, { env });
  expect([missing.code, missing.stdout, received]).toEqual([2, '', []]);
  expect(missing.stderr).toMatch(/profile \\"west\\" has no webhook URL/);
  await store.setNotifyUrl('west', { url: `${url}-west` });
  paths = [];
  const run = await h.masg(argv, { env });
  expect(run.code).toBe(9);
  expect(paths.sort()).toEqual(['/hook-east', '/hook-west']);
  expect(received.map((r) => r.text.match(/for (\w+)@/)?.[1]).sort()).toEqual(['east', 'west']);
  expect(`${run.stdout}${run.stderr}`).not.toContain('/hook-');
});
