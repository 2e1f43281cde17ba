// The seams between the helpers of several accounts: a warehouse that `masg sync` writes for three
// accounts (two sharing IDs, two zones 21 hours apart) gives each account's pulse exactly what the
// service gives it live: the pulse reads its own account's rows, days and zone, never a sum.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAccounts } from './setup.js';

const h = useAccounts();
const PROFILES = 'kiri,la,berlin';

interface Doc {
  accounts: Array<{ account: string; status: string }>;
  reports: Array<{ profile: string; account: string; date: string; findings: unknown[]; publisher: unknown; unchecked?: unknown }>;
}

/**
 * What each account's pulse found and its headline figures. A campaign's spend since its start is
 * only known to a warehouse reaching back to that start: docs/pulse.md says the overall-budget
 * check is then named in `unchecked` instead, so those findings are left out of both sides.
 */
function figures(doc: Doc) {
  return doc.reports.map((r) => ({
    profile: r.profile,
    account: r.account,
    date: r.date,
    findings: r.findings.filter((f) => (f as { budget?: string }).budget !== 'overall'),
    publisher: r.publisher,
  }));
}

describe('masg sync of several accounts, then masg pulse --db', () => {
  it("each account's pulse from the warehouse equals its live pulse", async () => {
    const db = join(h.temp(), 'agency.duckdb');
    const sync = await h.masg(['--profile', PROFILES, '-q', 'sync', '--db', db, '--from', '-12d']);
    expect({ code: sync.code, stderr: sync.stderr }).toEqual({ code: 0, stderr: '' });
    const live = await h.masg(['--profile', PROFILES, 'pulse', '-o', 'json']);
    const seen = h.sandbox.requests.length;
    const stored = await h.masg(['--profile', PROFILES, 'pulse', '--db', db, '-o', 'json']);
    const asked = h.sandbox.requests.slice(seen).map((r) => r.path);
    expect(stored.code).toBe(live.code);
    const [a, b] = [JSON.parse(live.stdout) as Doc, JSON.parse(stored.stdout) as Doc];
    expect(b.reports.map((r) => [r.profile, r.date])).toEqual([
      ['kiri', '2024-06-15'],
      ['la', '2024-06-14'],
      ['berlin', '2024-06-14'],
    ]);
    // Read from the warehouse, not from the service: no statistics request went out.
    expect(asked.filter((p) => p.includes('statistics'))).toEqual([]);
    expect(figures(b)).toEqual(figures(a));
    // What the warehouse could not check is said, never silently dropped.
    for (const [i, r] of b.reports.entries()) {
      const overall = a.reports[i].findings.filter((f) => (f as { budget?: string }).budget === 'overall');
      if (overall.length > 0) expect(JSON.stringify(r.unchecked)).toMatch(/overall/);
    }
  });
});
