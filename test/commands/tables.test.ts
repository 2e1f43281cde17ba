// Tables fit the terminal (issue 11): real commands in-process against the sandbox, stdout a
// pretend terminal of 40, 80 and 120 columns, after creating publications with long CJK names
// and descriptions. Also --wide, unchanged piped/CSV output, and ratios that agree between rows
// and the totals row.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { expectOk, parseCsv, useHarness, type DemoIds, type Harness } from './harness.js';

let h: Harness;
let ids: DemoIds;
useHarness((harness, demoIds) => {
  h = harness;
  ids = demoIds;
});

const LONG_NAME = '日本語の非常に長い出版物の名前：東京ニュース・デイリー・スポーツ・エンターテインメント';
const LONG_TEXT = 'A very long description: sidebar,größe banner above the fold, ünïcödé ça̐ 😀 and more words';
const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((l) => stringWidth(l)),
  );
const NO_COLOR = { NO_COLOR: '1' };

async function createLongData(): Promise<{ pub: string; campaign: string; adv: string }> {
  for (const [type, name] of [
    ['MOBILE_SITE', LONG_NAME],
    ['ANDROID_APP', `${LONG_NAME}（アプリ）`],
  ] as const) {
    const args = [
      'pub',
      'create',
      '--type',
      type,
      '--name',
      name,
      '--description',
      LONG_TEXT,
      '--transparent',
      'true',
      '--languages',
      'en,de,ja,fr,es,it',
      '-o',
      'json',
    ];
    if (type === 'MOBILE_SITE') args.push('--url', 'https://example.com/a/very/long/path/that/keeps/going/sidebar,größe');
    expectOk(await h.masg(args));
  }
  const adv = Object.values(ids.advertisers)[0]!.id!;
  const campaigns = JSON.parse(expectOk(await h.masg(['campaign', 'list', adv, '-o', 'json'])).stdout) as Array<{ id: string }>;
  return { pub: Object.values(ids.pubs)[0]!.id!, campaign: campaigns[0]!.id, adv };
}

describe('tables fit the terminal', () => {
  it('no line is wider than the terminal, for every list, view and stats table, at 40, 80 and 120 columns', async () => {
    const { campaign, adv } = await createLongData();
    const commands = [
      ['pub', 'list'],
      ['slot', 'list'],
      ['adv', 'list'],
      ['campaign', 'list', adv],
      ['campaign', 'view', campaign],
      ['pub', 'stats', '--level', 'adslot', '--by-country', '--date', '2024-06-10'],
      ['campaign', 'stats', campaign, '--interval', 'day', '--from', '2024-06-01', '--to', '2024-06-07'],
    ];
    for (const columns of [40, 80, 120]) {
      for (const argv of commands) {
        const run = await h.masg(argv, { tty: true, columns, env: NO_COLOR });
        expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(0);
        expect(run.stdout).toMatch(/^┌/m); // a caption may come first
        expect(widest(run.stdout), `${argv.join(' ')} at ${columns}\n${run.stdout}`).toBeLessThanOrEqual(columns);
      }
    }
  });

  it('pub list at 80 columns: unique ID prefixes, names cut with …, the secondary columns giving way first', async () => {
    const run = expectOk(await h.masg(['pub', 'list'], { tty: true, columns: 80, env: NO_COLOR }));
    const json = JSON.parse(expectOk(await h.masg(['pub', 'list', '-o', 'json'])).stdout) as Array<{ id: string }>;
    const lines = run.stdout.split('\n');
    // Above the table, once: what was left out to fit (columns that hold something).
    expect(lines[0]).toMatch(/^\d+ columns? hidden \(.*url.*\); --wide or --fields to show them$/);
    const shown = lines.slice(4, -2).map((l) => l.split('│')[1]!.trim());
    expect(shown).toHaveLength(json.length);
    for (const [i, prefix] of shown.entries()) {
      expect(prefix.length).toBeGreaterThanOrEqual(7);
      expect(json[i]!.id.startsWith(prefix)).toBe(true);
      // Unique within the column: no other ID starts with it.
      expect(json.filter((p) => p.id.startsWith(prefix))).toHaveLength(1);
    }
    expect(run.stdout).toContain('日本語の');
    expect(run.stdout).toContain('…');
    expect(run.stdout).not.toContain(LONG_NAME);
  });

  it('--wide shows every column and whole values; piped output, tsv and csv do not change', async () => {
    const wide = expectOk(await h.masg(['pub', 'list', '--wide'], { tty: true, columns: 80, env: NO_COLOR })).stdout;
    expect(wide).toMatch(/│ description +│/); // a column the default table leaves out
    expect(wide).toContain(LONG_NAME);
    for (const word of LONG_TEXT.split(' ')) expect(wide).toContain(word);
    expect(wide).not.toContain('…');
    const json = JSON.parse(expectOk(await h.masg(['pub', 'list', '-o', 'json'])).stdout) as Array<{ id: string }>;
    for (const p of json) expect(wide).toContain(p.id);

    // Piped: tsv by default, exactly as before; -o table piped is never fitted, --wide or not.
    const piped = expectOk(await h.masg(['pub', 'list'])).stdout;
    expect(piped).toBe(expectOk(await h.masg(['pub', 'list', '-o', 'tsv', '--wide'])).stdout);
    expect(piped).toContain(LONG_NAME);
    const pipedTable = expectOk(await h.masg(['pub', 'list', '-o', 'table'])).stdout;
    expect(pipedTable).toContain(LONG_NAME);
    for (const p of json) expect(pipedTable).toContain(p.id);
    const csv = await parseCsv(expectOk(await h.masg(['pub', 'list', '-o', 'csv', '--wide'])).stdout);
    expect(csv.flat()).toContain(LONG_TEXT);
  });

  it('a terminal that reports 0 columns is "unknown": COLUMNS is used, else nothing is fitted', async () => {
    const unknown = expectOk(await h.masg(['pub', 'list'], { tty: true, columns: 0, env: NO_COLOR })).stdout;
    expect(unknown).toContain(LONG_NAME);
    const fromEnv = expectOk(await h.masg(['pub', 'list'], { tty: true, columns: 0, env: { ...NO_COLOR, COLUMNS: '60' } })).stdout;
    expect(widest(fromEnv)).toBeLessThanOrEqual(60);
    // Piped, COLUMNS changes nothing.
    expect(expectOk(await h.masg(['pub', 'list', '-o', 'table'], { env: { COLUMNS: '60' } })).stdout).toContain(LONG_NAME);
  });
});

describe('ratios in a stats table', () => {
  it('rows show CTR, eCPM and conversion rates computed like the totals row; csv has them to more decimals', async () => {
    const adv = Object.values(ids.advertisers);
    let found: { rows: Array<Record<string, string>>; argv: string[] } | undefined;
    for (const a of adv) {
      const campaigns = JSON.parse(expectOk(await h.masg(['campaign', 'list', a.id!, '-o', 'json'])).stdout) as Array<{ id: string }>;
      for (const c of campaigns) {
        const argv = ['campaign', 'stats', c.id, '--interval', 'day', '--from', '2024-06-01', '--to', '2024-06-07'];
        const rows = (await parseCsv(expectOk(await h.masg([...argv, '-o', 'csv'])).stdout))
          .slice(1)
          .map((r) => ({ impressions: r[2]!, clicks: r[3]!, ctr: r[6]! }));
        if (rows.some((r) => Number(r.impressions) > 0 && Number(r.clicks) > 0)) found = { rows, argv };
      }
    }
    expect(found, 'a demo campaign with clicks in the first week of June').toBeDefined();
    const table = expectOk(
      await h.masg([...found!.argv, '--fields', 'date,impressions,clicks,ctr'], { tty: true, columns: 200, env: NO_COLOR }),
    ).stdout;
    const cells = table
      .split('\n')
      .filter((l) => /^│ (\d{4}-|Total)/.test(l))
      .map((l) =>
        l
          .split('│')
          .slice(1, -1)
          .map((s) => s.trim()),
      );
    const ctr = (clicks: bigint, impressions: bigint) => {
      // clicks / impressions to 4 decimals, rounded half-up, in integers.
      const q = (clicks * 100000n) / impressions;
      const r = (q + 5n) / 10n;
      return `${r / 10000n}.${(r % 10000n).toString().padStart(4, '0')}`;
    };
    let clicks = 0n;
    let impressions = 0n;
    for (const [label, imp, clk, shown] of cells) {
      if (label === 'Total') {
        expect(shown).toBe(ctr(clicks, impressions));
        continue;
      }
      clicks += BigInt(clk!);
      impressions += BigInt(imp!);
      if (imp !== '0') expect(shown, label).toBe(ctr(BigInt(clk!), BigInt(imp!)));
    }
    // The service writes CTR with two decimals; csv computes it from the counts, never fewer digits than the table.
    for (const r of found!.rows) {
      if (r.ctr === '' || r.impressions === '0') continue;
      expect(Math.abs(Number(r.ctr) - Number(r.clicks) / Number(r.impressions))).toBeLessThan(1e-9);
    }
  });
});
