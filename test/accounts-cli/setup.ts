// The sandbox over real HTTP with several accounts, and profiles for them in a temporary
// MASG_CONFIG_DIR: kiri (Pacific/Kiritimati) and la (America/Los_Angeles) share a data seed, hence
// their IDs; berlin has data of its own; bad is berlin's e-mail with a key the service rejects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { openStore } from '../../src/config/conf-store.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { runCli, type CliOptions, type CliRun } from '../helpers/cli.js';

/** The clock of the sandbox and of masg: 12:34 UTC is 02:34 next day in Kiritimati and 05:34 in Los Angeles. */
export const NOW = new Date('2024-06-15T12:34:00Z');
export const YESTERDAY = { kiri: '2024-06-15', la: '2024-06-14' };

export const ACCOUNTS = [
  { name: 'kiri', timeZone: 'Pacific/Kiritimati', dataSeed: 11 },
  { name: 'la', timeZone: 'America/Los_Angeles', dataSeed: 11 },
  { name: 'berlin', timeZone: 'Europe/Berlin' },
];

export interface Accounts {
  sandbox: Sandbox;
  dir: string;
  env: Record<string, string>;
  masg(argv: string[], opts?: CliOptions): Promise<CliRun>;
  temp(): string;
}

/** One sandbox and one config dir for the file; Date is fixed at NOW (timers stay real: HTTP needs them). */
export function useAccounts(opts: SandboxOptions = {}): Accounts {
  const made: string[] = [];
  const temp = () => {
    const d = mkdtempSync(join(tmpdir(), 'masg-accounts-cli-'));
    made.push(d);
    return d;
  };
  const h = { temp } as Accounts;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    h.sandbox = await startSandbox({ port: 0, now: () => NOW, accounts: ACCOUNTS, ...opts });
    h.dir = temp();
    h.env = { MASG_CONFIG_DIR: h.dir, MASG_KEYRING: '0' };
    const store = await openStore(h.dir, { env: h.env });
    for (const a of h.sandbox.accounts.filter((x) => !x.restricted)) {
      await store.set(a.name, { email: a.email, key: a.key, baseUrl: h.sandbox.url, timezone: a.timeZone });
    }
    const berlin = h.sandbox.accounts.find((a) => a.name === 'berlin')!;
    await store.set('bad', { email: berlin.email, key: 'not-the-key', baseUrl: h.sandbox.url, timezone: berlin.timeZone });
    h.masg = (argv, o = {}) => runCli(argv, { ...o, env: { ...h.env, ...o.env } });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await h.sandbox?.close();
    for (const d of made) rmSync(d, { recursive: true, force: true });
  });
  return h;
}

export type Row = Record<string, unknown>;

/** stdout as a script reads it: header + rows for csv/tsv (the real csv-parse), parsed JSON, NDJSON lines. */
export async function parseRows(text: string, format: 'csv' | 'tsv' | 'json' | 'ndjson'): Promise<{ keys: string[]; rows: Row[] }> {
  if (format === 'json') {
    const rows = JSON.parse(text) as Row[];
    return { keys: rows.length > 0 ? Object.keys(rows[0]) : [], rows };
  }
  if (format === 'ndjson') {
    const rows = text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Row);
    return { keys: rows.length > 0 ? Object.keys(rows[0]) : [], rows };
  }
  const { parse } = await import('csv-parse/sync');
  const [keys, ...body] = parse(text, {
    delimiter: format === 'tsv' ? '\t' : ',',
    relax_quotes: false,
    quote: format === 'tsv' ? false : '"',
  }) as string[][];
  return { keys, rows: body.map((cells) => Object.fromEntries(keys.map((k, i) => [k, cells[i]]))) };
}
