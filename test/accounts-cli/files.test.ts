// --out over several accounts: `{account}` gives one file per account, each byte for byte what
// that account's single run writes (named with its own {date}); without it one file holds all.
// --raw needs {account}; --dry-run shows each account's plan under its name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAccounts, YESTERDAY } from './setup.js';

const h = useAccounts();

/** What `masg --profile P …argv --out FILE` writes into FILE. */
async function singleFile(profile: string, argv: string[], name: string): Promise<string> {
  const file = join(h.temp(), name);
  const run = await h.masg(['--profile', profile, ...argv, '--out', file]);
  expect(run.code, run.stderr).toBe(0);
  return readFileSync(file, 'utf8');
}

describe('--out with {account}', () => {
  it("statistics: one file per account, named with the account and its own yesterday, equal to its single run's", async () => {
    const dir = h.temp();
    const argv = ['pub', 'stats', '--date', 'yesterday', '--level', 'adslot'];
    const run = await h.masg(['--profile', 'kiri,la', ...argv, '--out', join(dir, 'stats-{account}-{date}.csv')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(readdirSync(dir).sort()).toEqual([`stats-kiri-${YESTERDAY.kiri}.csv`, `stats-la-${YESTERDAY.la}.csv`]);
    for (const p of ['kiri', 'la'] as const) {
      const file = readFileSync(join(dir, `stats-${p}-${YESTERDAY[p]}.csv`), 'utf8');
      expect(file).toBe(await singleFile(p, argv, 'single.csv'));
      expect(file.split('\n')[0]).not.toContain('account');
    }
    expect(run.stderr).toContain('kiri: ok\nla: ok\n');
  });

  it('lists: one JSON file per account; a failed account leaves no file, the others are written (exit 8)', async () => {
    const dir = h.temp();
    const run = await h.masg(['--profile', 'kiri,bad,berlin', 'slot', 'list', '--out', join(dir, 'slots-{account}.json')]);
    expect(run.code).toBe(8);
    expect(readdirSync(dir).sort()).toEqual(['slots-berlin.json', 'slots-kiri.json']);
    for (const p of ['kiri', 'berlin'])
      expect(readFileSync(join(dir, `slots-${p}.json`), 'utf8')).toBe(await singleFile(p, ['slot', 'list'], 'x.json'));
  });

  it('--raw with {account}: each body as received, as its single run writes it', async () => {
    const dir = h.temp();
    const run = await h.masg(['--profile', 'kiri,la', 'adv', 'list', '--raw', 'xml', '--out', join(dir, 'adv-{account}.xml')]);
    expect(run.code, run.stderr).toBe(0);
    for (const p of ['kiri', 'la'])
      expect(readFileSync(join(dir, `adv-${p}.xml`), 'utf8')).toBe(await singleFile(p, ['adv', 'list', '--raw', 'xml'], 'x.xml'));
  });
});

describe('--out without {account}, --raw and --dry-run', () => {
  it('one file holds every account, the same bytes the merged stdout gets', async () => {
    const file = join(h.temp(), 'all.csv');
    const argv = ['--profile', 'kiri,la,berlin', 'pub', 'list'];
    const run = await h.masg([...argv, '--out', file]);
    expect(run.code, run.stderr).toBe(0);
    const stdout = await h.masg([...argv, '-o', 'csv']);
    expect(readFileSync(file, 'utf8')).toBe(stdout.stdout);
    expect(run.stderr).toMatch(/Wrote [\d,]+ publications of 3 accounts to .*all\.csv\./);
  });

  it('--raw without {account} is refused (exit 2) before anything is sent; so is {account} with one account', async () => {
    const before = h.sandbox.requests.length;
    const raw = await h.masg(['--profile', 'kiri,la', 'adv', 'list', '--raw', 'xml']);
    expect(raw.code).toBe(2);
    expect(raw.stderr).toContain('{account}');
    const one = await h.masg(['--profile', 'kiri', 'adv', 'list', '--out', join(h.temp(), 'a-{account}.csv')]);
    expect(one.code).toBe(2);
    const chart = await h.masg(['--profile', 'kiri,la', 'pub', 'stats', '--date', '2024-06-10', '--interval', 'hour', '--chart'], {
      tty: true,
    });
    expect([chart.code, chart.stderr]).toEqual([2, expect.stringContaining("--chart draws one account's report")]);
    expect(h.sandbox.requests.length).toBe(before);
  });

  it('{date} without {account} naming two days is refused whole (exit 2): no file, every status said', async () => {
    const dir = h.temp();
    const run = await h.masg(['--profile', 'kiri,la', 'pub', 'stats', '--date', 'yesterday', '--out', join(dir, 'stats-{date}.csv')]);
    expect(run.code).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
    expect(run.stderr).toContain('{account}');
    // No file was committed, so no line may say one was written (an account's own report used to).
    expect(run.stderr).not.toMatch(/Wrote/);
    // Whichever account opened the file first is ok; the other names another day.
    const lines = run.stderr.split('\n').filter((l) => /^(kiri|la): /.test(l));
    expect(lines.filter((l) => / ok$/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /: --out names .* \(2\)$/.test(l))).toHaveLength(1);
    // Absolute days name one file for every account.
    const same = await h.masg(['--profile', 'kiri,la', 'pub', 'stats', '--date', '2024-06-10', '--out', join(dir, 'stats-{date}.csv')]);
    expect(same.code, same.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual(['stats-2024-06-10.csv']);
  });

  it("--dry-run: each account's plan under its name, its own days, nothing sent", async () => {
    const before = h.sandbox.requests.length;
    const run = await h.masg(['--profile', 'kiri,la', 'pub', 'stats', '--date', 'yesterday', '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    const [kiri, la] = run.stdout.split('# account la\n');
    expect(kiri.startsWith('# account kiri\n')).toBe(true);
    expect(kiri).toContain('start=2024061500&end=2024061523');
    expect(la).toContain('start=2024061400&end=2024061423');
    expect(h.sandbox.requests.length).toBe(before);
  });
});
