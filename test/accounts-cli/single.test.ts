// One account is the path every command always had: its output, byte for byte, and its messages.
// The snapshots were written by the release before several accounts (main at 3509d21) and are
// compared with every run since; the JSON ones were rewritten once, for the deliberate change of
// issue 29 #20 (figures as exact strings, docs/output.md#json-types), and nothing else changed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAccounts } from './setup.js';

const h = useAccounts();

const CASES: Array<[string, string[], { tty?: boolean }?]> = [
  ['pub-list-csv', ['pub', 'list', '-o', 'csv']],
  ['pub-list-tsv', ['pub', 'list', '-o', 'tsv']],
  ['slot-list-json', ['slot', 'list', '-o', 'json']],
  ['adv-list-ndjson', ['adv', 'list', '-o', 'ndjson']],
  ['campaign-list-table', ['campaign', 'list'], { tty: true }],
  ['pub-list-table', ['pub', 'list'], { tty: true }],
  ['pub-stats-csv', ['pub', 'stats', '--date', '2024-06-10', '--level', 'adslot', '-o', 'csv']],
  ['pub-stats-json', ['pub', 'stats', '--date', 'yesterday', '-o', 'json']],
  ['pub-stats-table', ['pub', 'stats', '--date', 'yesterday'], { tty: true }],
  ['pub-stats-days-ndjson', ['pub', 'stats', '--from', '2024-06-08', '--to', '2024-06-10', '--interval', 'day', '-o', 'ndjson']],
  ['pub-list-raw', ['pub', 'list', '--raw', 'xml']],
  ['pub-stats-dry-run', ['pub', 'stats', '--date', 'yesterday', '--dry-run']],
  ['adv-list-fields', ['adv', 'list', '-o', 'csv', '--fields', 'id,name']],
];

describe('one account: output unchanged, byte for byte', () => {
  for (const [name, argv, opts] of CASES) {
    it(`masg --profile kiri ${argv.join(' ')}`, async () => {
      const run = await h.masg(['--profile', 'kiri', ...argv], { tty: opts?.tty, columns: 170 });
      const text = `exit ${run.code}\n--- stdout\n${run.stdout}--- stderr\n${run.stderr}`;
      // The sandbox's port is new in every run; the version is the release's.
      await expect(
        text.replaceAll(h.sandbox.url, 'SANDBOX').replace(/User-Agent: masg\/\S+/g, 'User-Agent: masg/VERSION'),
      ).toMatchFileSnapshot(`__snapshots__/single/${name}.txt`);
    });
  }

  it('the active profile (no --profile) and MASG_PROFILE=kiri are the same one account', async () => {
    const flag = await h.masg(['--profile', 'kiri', 'pub', 'list', '-o', 'csv']);
    const env = await h.masg(['pub', 'list', '-o', 'csv'], { env: { MASG_PROFILE: 'kiri' } });
    expect(env).toEqual(flag);
    expect(flag.stdout.split('\n')[0]).not.toContain('account');
  });

  it('--out FILE with {date}: the file and its notice', async () => {
    const dir = h.temp();
    const run = await h.masg(['--profile', 'la', 'pub', 'stats', '--date', 'yesterday', '--out', join(dir, 'stats-{date}.csv')]);
    const file = readFileSync(join(dir, 'stats-2024-06-14.csv'), 'utf8');
    await expect(
      `exit ${run.code}\n--- stdout\n${run.stdout}--- stderr\n${run.stderr.replaceAll(dir, 'DIR')}--- file\n${file}`,
    ).toMatchFileSnapshot('__snapshots__/single/pub-stats-out-date.txt');
  });
});
