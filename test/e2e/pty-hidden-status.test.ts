// What a table leaves out at 80 columns, on a real pseudo-terminal (util-linux `script`, `stty cols
// N`), the built binary seeing a real TTY: every "N columns hidden" note names its N columns (keys
// --fields takes), wrapped within the width; and `masg sync --status`, 15 fields per account, is
// a record per account there, so an account whose key the service rejected shows why, whole,
// beside the accounts that synced. Data: `--sandbox` for the lists and reports; for the status,
// the sandbox of several accounts (test/warehouse/accounts.ts) synced by the binary into DuckDB
// with one profile whose key is wrong.
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { hasScript, onTerminal } from '../helpers/pty.js';
import { duckPath } from '../warehouse/helpers.js';
import { startAccounts, type Accounts } from '../warehouse/accounts.js';

let A: Accounts;
let db: string;
let env: Record<string, string>;
beforeAll(async () => {
  A = await startAccounts();
  db = duckPath();
  env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempDir('masg-home-'),
    MASG_CONFIG_DIR: A.configDir,
    MASG_KEYRING: '0',
    NO_COLOR: '1',
    TERM: 'xterm',
  };
  // `bad`: berlin's e-mail with a key the service rejects; kiri and la sync.
  const sync = spawnMasg(['sync', '--db', db, '--profile', 'kiri,la,bad', '--from', '-3d', '--to', '-2d'], { env });
  expect(await sync.exited, sync.stderr()).toBe(8);
}, 120_000);
afterAll(async () => {
  await A.h.close();
  removeTempDirs();
});

const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((l) => stringWidth(l)),
  );

/** The note above a table, its lines joined: from "N column(s) hidden" to the table's top border. */
function hiddenNote(out: string): string | undefined {
  const lines = out.split('\n');
  const from = lines.findIndex((l) => /^\d+ columns? hidden/.test(l));
  if (from < 0) return undefined;
  const to = lines.findIndex((l, i) => i > from && l.startsWith('┌'));
  return lines.slice(from, to).join(' ');
}

describe.skipIf(!hasScript)('at 80 columns', () => {
  it('every "columns hidden" note names its columns, keys that --fields takes, within the width', async () => {
    const sandboxEnv = { ...env, MASG_CONFIG_DIR: tempDir('masg-pty-') };
    const commands = [
      ['campaign', 'list'],
      ['pub', 'stats', '--level', 'adslot', '--date', 'yesterday'],
      ['pub', 'list'],
    ];
    for (const cols of [80, 40]) {
      for (const args of commands) {
        const out = onTerminal(cols, ['--sandbox', ...args], sandboxEnv);
        expect(widest(out), `${args.join(' ')} at ${cols}\n${out}`).toBeLessThanOrEqual(cols);
        const note = hiddenNote(out);
        expect(note, `${args.join(' ')} at ${cols}\n${out}`).toBeDefined();
        const m = /^(\d+) columns? hidden \(([^)]*)\); --wide or --fields to show them$/.exec(note!);
        expect(m, `${args.join(' ')} at ${cols}: ${note}`).not.toBeNull();
        const names = m![2]!.split(', ');
        expect(names).toHaveLength(Number(m![1]));
        // The names are field keys: --fields takes exactly them.
        const csv = spawnMasg(['--sandbox', ...args, '-o', 'csv', '--fields', names.join(',')], { env: sandboxEnv });
        expect(await csv.exited, csv.stderr()).toBe(0);
        expect(csv.stdout().split('\n')[0]).toBe(names.join(','));
      }
    }
  }, 240_000);

  /** `sync --status` as the records it draws: label → value, a value's wrapped lines joined by a space. */
  function records(out: string): Array<Record<string, string>> {
    const all: Array<Record<string, string>> = [];
    let current: Record<string, string> = {};
    let last = '';
    for (const line of out.split('\n')) {
      if (/^[├└]/.test(line)) {
        all.push(current);
        current = {};
        continue;
      }
      const cells = /^│ (.*?) +│ (.*?) *│$/.exec(line);
      if (!cells) continue;
      if (cells[1] === '') current[last] += ` ${cells[2]}`;
      else current[(last = cells[1]!)] = cells[2]!;
    }
    return all;
  }

  it('sync --status is a record per account: the rejected one says why, whole, beside those that synced; --wide too', async () => {
    const json = spawnMasg(['sync', '--db', db, '--status', '-o', 'json'], { env });
    expect(await json.exited, json.stderr()).toBe(0);
    const rows = JSON.parse(json.stdout()) as Array<Record<string, string | number | null>>;
    expect(rows.map((r) => [r.account, r.last_result])).toEqual(
      [
        [A.email.kiri, 'ok'],
        [A.email.la, 'ok'],
        [A.email.berlin, 'rejected'],
      ].sort(),
    );
    const rejected = rows.find((r) => r.last_result === 'rejected')!;
    expect(rejected.last_message).toMatch(/^The service rejected the credentials \(code 100\d\): .{20,}/);

    for (const extra of [[], ['--wide']]) {
      const out = onTerminal(80, ['sync', '--db', db, '--status', ...extra], env);
      expect(widest(out), out).toBeLessThanOrEqual(80);
      expect(out, out).not.toMatch(/hidden/);
      const shown = records(out);
      expect(shown.map((r) => r.account)).toEqual(rows.map((r) => r.account));
      // Every value the status holds, whole, in its account's record: nothing left out, nothing cut.
      rows.forEach((row, i) => {
        for (const [key, value] of Object.entries(row)) {
          if (value !== null && value !== '') expect(shown[i]![key], `${key} of ${String(row.account)}\n${out}`).toBe(String(value));
        }
      });
    }
  }, 120_000);
});
