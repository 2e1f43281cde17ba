// masg pulse over several accounts (issue 27) on the sandbox over real HTTP: --all-profiles finds
// the outage planted in east and the budget alert planted in west, each finding naming its
// account; every account's report equals its own single run; the terminal groups the findings
// by account under its name; exit 9 with alerts, 8 when an account has no report (8 wins), the
// account's own code when every account failed; a list of one prints what one account prints.
import { openStore } from '../../src/config/conf-store.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAccountsHarness, DAY, type AccountsHarness } from './accounts-helpers.js';
import type { AccountsDocument } from '../../src/pulse/accounts.js';
import type { PulseReport } from '../../src/pulse/types.js';

type Status = { account: string; status: string; exitCode: number; code?: number };

let h: AccountsHarness;
let all: { code: number; stderr: string; doc: AccountsDocument };
beforeAll(async () => {
  h = await startAccountsHarness();
  const run = await h.masg(['--all-profiles', 'pulse', '--date', DAY, '-o', 'json']);
  all = { code: run.code, stderr: run.stderr, doc: JSON.parse(run.stdout) as AccountsDocument };
}, 60_000);
afterAll(async () => {
  await h.close();
});

const single = async (name: string, extra: string[] = []) => {
  const run = await h.masg(['--profile', name, 'pulse', '--date', DAY, ...extra]);
  return { run, report: extra.includes('json') ? (JSON.parse(run.stdout) as PulseReport) : undefined };
};
const alertsOf = (r: { findings: Array<{ severity: string }> }) => r.findings.filter((f) => f.severity === 'alert').length;

describe('--all-profiles, one profile with a rejected key', () => {
  test('finds the outage planted in east and the budget alert planted in west, each naming its account', () => {
    const { reports } = all.doc;
    expect(reports.map((r) => r.profile)).toEqual(['east', 'north', 'west']);
    const findings = reports.flatMap((r) => r.findings);
    const outages = findings.filter((f) => f.kind === 'outage');
    expect(outages.map((f) => [f.account, f.severity])).toEqual([['east', 'alert']]);
    expect([h.planted.slot, h.planted.slotPublication]).toContain(outages[0].id);
    const budgets = findings.filter((f) => f.kind === 'budget');
    expect(budgets.map((f) => [f.account, f.id, f.severity, f.budget])).toEqual([['west', h.planted.campaign, 'alert', 'daily']]);
    // Every finding names the account of the report it is in; the report keeps the account's e-mail.
    for (const r of reports) {
      expect(r.account).toBe(`${r.profile}@sandbox.masg.test`);
      for (const f of r.findings) expect(Object.keys(f)[0] === 'account' && f.account === r.profile).toBe(true);
    }
  });

  test('each account in its own zone, and each report equal to that account run alone', async () => {
    const zones = Object.fromEntries(all.doc.reports.map((r) => [r.profile, r.timeZone]));
    expect(zones).toEqual({ east: 'Pacific/Kiritimati', west: 'America/Los_Angeles', north: 'Europe/Berlin' });
    for (const r of all.doc.reports) {
      const { report } = await single(r.profile, ['-o', 'json']);
      const { profile, findings, ...rest } = r;
      expect(profile).toBe(r.profile);
      expect({ ...rest, generatedAt: null }).toEqual({ ...report!, findings: undefined, generatedAt: null });
      expect(findings.map(({ account: _, ...f }) => f)).toEqual(report!.findings);
    }
  });

  test('exit 8: the account without a report is named on stderr and in the status, the others complete', () => {
    expect(all.code).toBe(8);
    const lines = all.stderr.trimEnd().split('\n');
    // -o json: each status line is a JSON object, as for every command over several accounts (docs/accounts.md).
    const statuses = lines.flatMap((l) =>
      l.startsWith('{"accountStatus"') ? [(JSON.parse(l) as { accountStatus: Status }).accountStatus] : [],
    );
    expect(statuses.map((x) => [x.account, x.status, x.exitCode])).toEqual([
      ['broken', 'rejected', 4],
      ['east', 'ok', 0],
      ['north', 'ok', 0],
      ['west', 'ok', 0],
    ]);
    expect(statuses[0].code).toBe(1003);
    // -o json: the last word is a JSON error, as every failing command's under a machine format.
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      error: {
        exitCode: 8,
        message: expect.stringMatching(/^1 of 4 accounts have no report \(broken\); \d+ alerts in 2 of 4 accounts \(exit 8\)\.$/),
      },
    });
    const broken = all.doc.accounts.find((a) => a.account === 'broken')!;
    expect(broken).toMatchObject({ status: 'rejected', exitCode: 4, code: 1003, email: 'west@sandbox.masg.test', alerts: null });
    expect(all.doc.accounts.at(-1)).toBe(broken);
  });

  test('the overview ranks the accounts by alerts, then by the fall of earnings', () => {
    const ranked = all.doc.accounts.filter((a) => a.status === 'ok');
    const byName = new Map(all.doc.reports.map((r) => [r.profile, r]));
    for (const a of ranked) {
      const r = byName.get(a.account)!;
      expect([a.alerts, a.earnings?.change, a.date]).toEqual([alertsOf(r), r.publisher.change.earnings, r.date]);
    }
    for (let i = 1; i < ranked.length; i++) {
      const [x, y] = [ranked[i - 1], ranked[i]];
      expect(x.alerts! > y.alerts! || (x.alerts === y.alerts && Number(x.earnings!.change) <= Number(y.earnings!.change))).toBe(true);
    }
  });
});

describe('two profiles of one e-mail', () => {
  test('pulse counts the account once: the later profile is said to be read already (2)', async () => {
    const configDir = await h.profilesOnly(['west']);
    const env = { MASG_CONFIG_DIR: configDir };
    const west = h.sandbox.accounts.find((a) => a.name === 'west')!;
    const store = await openStore(configDir, { env });
    await store.set('west2', { email: west.email, key: west.key, baseUrl: h.sandbox.url, timezone: west.timeZone });
    const run = await h.masg(['--profile', 'west,west2', 'pulse', '--date', DAY, '-o', 'json'], { env });
    expect(run.code).toBe(8);
    const doc = JSON.parse(run.stdout) as AccountsDocument;
    expect(doc.reports.map((r) => r.account)).toEqual([west.email]);
    expect(run.stderr).toContain(`west2 is ${west.email}, already read in this run as west.`);
  });
});

describe('exit codes', () => {
  test('9 when any account has an alert and every account has its report; --quiet keeps stderr empty', async () => {
    const run = await h.masg(['--profile', 'east,west', 'pulse', '--date', DAY, '-o', 'json']);
    expect(run.code).toBe(9);
    expect(run.stderr).toMatch(
      /^\{"accountStatus":\{"account":"east",.*"status":"ok".*\n\{"accountStatus":\{"account":"west",.*"status":"ok".*\n\{"error".*"message":"\d+ alerts in 2 of 2 accounts \(exit 9\)\."\}\}\n$/,
    );
    const quiet = await h.masg(['--profile', 'east,west', '--quiet', 'pulse', '--date', DAY, '-o', 'json']);
    const stamp = (s: string) => s.replace(/"generatedAt": "[^"]+"/g, '"generatedAt": "…"');
    expect([quiet.code, quiet.stderr, stamp(quiet.stdout)]).toEqual([9, '', stamp(run.stdout)]);
  });

  test('every account failed: their own code (4), each named, the JSON status without reports', async () => {
    const run = await h.masg(['--profile', 'broken,nosuch', 'pulse', '--date', DAY, '-o', 'json']);
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/"account":"broken",.*"status":"rejected"/);
    expect(run.stderr).toMatch(/"account":"nosuch",.*"status":"failed","exitCode":3/);
    expect((JSON.parse(run.stdout) as AccountsDocument).reports).toEqual([]);
  });

  test('MASG_PROFILE=east,west is the same list as --profile east,west', async () => {
    const stamp = (s: string) => s.replace(/"generatedAt": "[^"]+"/g, '"generatedAt": "…"');
    const byFlag = await h.masg(['--profile', 'east,west', 'pulse', '--date', DAY, '-o', 'json']);
    const byEnv = await h.masg(['pulse', '--date', DAY, '-o', 'json'], { env: { MASG_PROFILE: 'east,west' } });
    expect([byEnv.code, stamp(byEnv.stdout)]).toEqual([byFlag.code, stamp(byFlag.stdout)]);
  });

  test('an --html page that cannot be written: exit 7 before anything is sent', async () => {
    const before = h.sandbox.requests.length;
    const run = await h.masg(['--profile', 'east,west', 'pulse', '--date', DAY, '--html', '/nonexistent-folder/pulse.html']);
    expect([run.code, run.stdout]).toEqual([7, '']);
    expect(run.stderr).toMatch(/nonexistent-folder/);
    expect(h.sandbox.requests.length).toBe(before);
  });

  test('--tz over several accounts is exit 2, before anything is sent', async () => {
    const before = h.sandbox.requests.length;
    const run = await h.masg(['--profile', 'east,west', 'pulse', '--date', DAY, '--tz', 'UTC']);
    expect([run.code, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toMatch(/--tz/);
    expect(h.sandbox.requests.length).toBe(before);
  });
});

test('--debug over several accounts: a line per request of every account, no key in any byte', async () => {
  const run = await h.masg(['--profile', 'east,west', '--debug', 'pulse', '--date', DAY, '-o', 'json']);
  expect(run.code).toBe(9);
  const keys = h.sandbox.accounts.filter((a) => ['east', 'west'].includes(a.name)).map((a) => a.key);
  expect(keys).toHaveLength(2);
  for (const key of keys) {
    expect(run.stderr).not.toContain(key);
    expect(run.stderr).not.toContain(Buffer.from(`${key.replace('-developer-key', '')}@sandbox.masg.test:${key}`).toString('base64'));
  }
  expect(run.stderr).toMatch(/publication\/statistics/);
});

describe('the terminal', () => {
  test('the overview, then each account under its name, its screen exactly the one it has alone', async () => {
    const run = await h.masg(['--profile', 'west,east', 'pulse', '--date', DAY]);
    expect(run.code).toBe(9);
    const [head, ...groups] = run.stdout.split(/^ (\w+) \(\w+@sandbox\.masg\.test\)$/m);
    expect(head).toMatch(/^Pulse of 2 accounts: \d+ alerts\n\nAccount +alerts +watches +earnings +change +day\n/);
    const names = groups.filter((_, i) => i % 2 === 0);
    expect(new Set(names)).toEqual(new Set(['east', 'west']));
    // Grouped in the overview's order (ranked), each group the account's own screen.
    const order = head
      .split('\n')
      .slice(3, 5)
      .map((l) => l.split(' ')[0]);
    expect(names).toEqual(order);
    for (let i = 0; i < names.length; i++) {
      const alone = (await single(names[i])).run.stdout;
      expect(groups[2 * i + 1].replace(/^\n\n/, '').replace(/\n*$/, '\n')).toBe(alone);
    }
  });

  test('a list of one prints exactly what that account prints alone, screen and JSON', async () => {
    const configDir = await h.profilesOnly(['east']);
    const env = { MASG_CONFIG_DIR: configDir };
    const listed = await h.masg(['--all-profiles', 'pulse', '--date', DAY], { env });
    const alone = await h.masg(['--profile', 'east', 'pulse', '--date', DAY], { env });
    expect([listed.code, listed.stdout]).toEqual([alone.code, alone.stdout]);
    const json = await h.masg(['--all-profiles', 'pulse', '--date', DAY, '-o', 'json'], { env });
    const report = JSON.parse(json.stdout) as PulseReport & { profile?: string };
    expect(report.profile).toBeUndefined();
    for (const f of report.findings) expect(f).not.toHaveProperty('account');
  });
});
