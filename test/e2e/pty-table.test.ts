// Tables under a real pseudo-terminal (util-linux `script`, `stty cols N`): the built binary sees
// a real TTY and its real width, as in a user's terminal, and no line it prints is wider. Data:
// `--sandbox` with a fresh MASG_CONFIG_DIR, after creating publications with long CJK names.
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { runMasgSync } from '../helpers/binary.js';
import { hasScript, onTerminal as onPty } from '../helpers/pty.js';

const LONG_NAME = '日本語の非常に長い出版物の名前：東京ニュース・デイリー・スポーツ・エンターテインメント';

let env: Record<string, string>;
let campaign = '';
let adv = '';
let namedPub = '';
// Exactly 30 columns: never cut while a column of lower rank could give way.
const NAME_30 = 'Harbour Lights Evening Gazette';
const SLOT_NAMES = ['Front page leaderboard slot 1', 'Front page leaderboard slot 2'];

/** `masg --sandbox ARGS` on a pseudo-terminal `cols` wide; its output with CR LF made LF. */
const onTerminal = (cols: number, args: string[]): string => onPty(cols, ['--sandbox', ...args], env);

function sandbox(args: string[]): string {
  const run = runMasgSync(['--sandbox', ...args], { env });
  if (run.status !== 0) throw new Error(`masg --sandbox ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return run.stdout;
}

beforeAll(() => {
  env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tempDir('masg-home-'),
    MASG_CONFIG_DIR: tempDir('masg-pty-'),
    NO_COLOR: '1',
    TERM: 'xterm',
  };
  sandbox([
    'pub',
    'create',
    '--type',
    'MOBILE_SITE',
    '--name',
    LONG_NAME,
    '--description',
    'sidebar,größe banner above the fold',
    '--url',
    'https://example.com/a/very/long/path/that/keeps/going',
    '--transparent',
    'true',
    '--languages',
    'en,de,ja,fr',
    '-o',
    'json',
  ]);
  namedPub = (
    JSON.parse(
      sandbox(['pub', 'create', '--type', 'ANDROID_APP', '--name', NAME_30, '--description', 'd', '--transparent', 'false', '-o', 'json']),
    ) as { id: string }
  ).id;
  // Slots without tags: the tags column is empty in every row of this publication's list.
  for (const name of SLOT_NAMES)
    sandbox(['slot', 'create', '--publication', namedPub, '--name', name, '--formats', 'banner', '-o', 'json']);
  adv = sandbox(['adv', 'list', '-o', 'tsv', '--no-header']).split('\t')[0]!;
  campaign = sandbox(['campaign', 'list', adv, '-o', 'tsv', '--no-header']).split('\t')[0]!;
});
afterAll(removeTempDirs);

const tableCommands = () => [
  ['pub', 'list'],
  ['slot', 'list'],
  ['adv', 'list'],
  ['campaign', 'list', adv],
  ['campaign', 'view', campaign],
  ['pub', 'stats', '--level', 'adslot', '--by-country', '--date', 'yesterday'],
  ['campaign', 'stats', campaign, '--interval', 'day', '--from', '-7d', '--to', 'yesterday'],
];

describe.skipIf(!hasScript)('tables on a real pseudo-terminal', () => {
  const commands = () => [
    ['pub', 'list'],
    ['slot', 'list'],
    ['adv', 'list'],
    ['campaign', 'list', adv],
    ['campaign', 'view', campaign],
    ['pub', 'stats', '--level', 'adslot', '--by-country', '--date', 'yesterday'],
    ['campaign', 'stats', campaign, '--interval', 'day', '--from', '-7d', '--to', 'yesterday'],
  ];

  it('at 80 columns no line of any list, view or stats table is wider than 80', () => {
    for (const args of commands()) {
      const out = onTerminal(80, args);
      expect(out, args.join(' ')).toMatch(/^┌/m);
      const widest = Math.max(
        ...out
          .trimEnd()
          .split('\n')
          .map((l) => stringWidth(l)),
      );
      expect(widest, `${args.join(' ')}\n${out}`).toBeLessThanOrEqual(80);
    }
  }, 120_000);

  it('at 40 and 120 columns too; the long CJK name is cut, and whole with --wide', () => {
    for (const cols of [40, 120]) {
      for (const args of [commands()[0]!, commands()[4]!, commands()[6]!]) {
        const out = onTerminal(cols, args);
        const widest = Math.max(
          ...out
            .trimEnd()
            .split('\n')
            .map((l) => stringWidth(l)),
        );
        expect(widest, `${args.join(' ')} at ${cols}\n${out}`).toBeLessThanOrEqual(cols);
      }
    }
    expect(onTerminal(80, ['pub', 'list'])).not.toContain(LONG_NAME);
    expect(onTerminal(80, ['pub', 'list', '--wide'])).toContain(LONG_NAME);
  }, 120_000);

  /** The cells of a drawn table (header first), blanks kept; a caption's lines are not rows. */
  const tableCells = (out: string) =>
    out
      .split('\n')
      .filter((l) => l.startsWith('│'))
      .map((l) =>
        l
          .split('│')
          .slice(1, -1)
          .map((c) => c.trim()),
      );
  const NAME_HEADERS = new Set(['name', 'publication name', 'adslot name', 'campaign name', 'advertiser name']);

  it('at 40, 80 and 120 columns a name of up to 30 is never cut while a column empty in every row is shown', () => {
    const names = new Set<string>();
    for (const args of [
      ['pub', 'list'],
      ['slot', 'list'],
      ['adv', 'list'],
      ['campaign', 'list', adv],
    ])
      for (const e of JSON.parse(sandbox([...args, '-o', 'json'])) as Array<{ name: string }>) names.add(e.name);
    expect(names).toContain(NAME_30);
    const commands = [
      ...tableCommands(),
      ['slot', 'list', '--publication', namedPub],
      ['pub', 'list', '--fields', 'id,name,requests,uniques,type,status,url'],
    ];
    let cutSeen = 0;
    let emptySeen = 0;
    for (const cols of [40, 80, 120]) {
      for (const args of commands) {
        const out = onTerminal(cols, args);
        const [head, ...rows] = tableCells(out);
        expect(head, `${args.join(' ')} at ${cols}\n${out}`).toBeDefined();
        const emptyShown = head!.filter((_, k) => rows.every((r) => r[k] === ''));
        if (emptyShown.length > 0) emptySeen++;
        const shortCut = rows.flatMap((r) =>
          r.filter((cell, k) => {
            if (!NAME_HEADERS.has(head![k]!) || !cell.endsWith('…')) return false;
            const prefix = cell.slice(0, -1);
            return [...names].some((n) => n.startsWith(prefix) && stringWidth(n) <= 30);
          }),
        );
        if (shortCut.length > 0) cutSeen++;
        expect(
          shortCut.length > 0 && emptyShown.length > 0,
          `${args.join(' ')} at ${cols}: cut ${shortCut} beside ${emptyShown}\n${out}`,
        ).toBe(false);
      }
    }
    // The check had something to check: short names were cut (at 40) and empty columns shown
    // (where there was room for them).
    expect(cutSeen).toBeGreaterThan(0);
    expect(emptySeen).toBeGreaterThan(0);
    // At 80 and 120 the 30-column name and the slots' names are whole.
    for (const cols of [80, 120]) {
      const out = onTerminal(cols, ['slot', 'list', '--publication', namedPub]);
      for (const name of [NAME_30, ...SLOT_NAMES]) expect(out, `${cols}\n${out}`).toContain(name);
    }
  }, 240_000);

  it('at 80 columns the ad slot name and conversions survive; slots name their publication, campaigns their advertiser', () => {
    const pubStats = tableCells(onTerminal(80, ['pub', 'stats', '--level', 'adslot', '--date', 'yesterday']))[0]!;
    expect(pubStats).toContain('adslot name');
    expect(pubStats).toEqual(expect.arrayContaining(['impressions', 'clicks', 'earnings']));
    const campaignStats = onTerminal(80, ['campaign', 'stats', campaign, '--interval', 'day', '--from', '-7d', '--to', 'yesterday']);
    expect(tableCells(campaignStats)[0]).toEqual(expect.arrayContaining(['date', 'impressions', 'clicks', 'conversions', 'spend']));
    // The one campaign is said once, above the table, not on every row.
    expect(campaignStats).toMatch(new RegExp(`^campaign: ${campaign}`, 'm'));

    const slots = onTerminal(80, ['slot', 'list']);
    const [head, ...rows] = tableCells(slots);
    const byId = new Map(
      (JSON.parse(sandbox(['pub', 'list', '-o', 'json'])) as Array<{ id: string; name: string }>).map((p) => [p.id, p.name]),
    );
    const slotPubs = new Map(
      (JSON.parse(sandbox(['slot', 'list', '-o', 'json'])) as Array<{ id: string; publication: string }>).map((s) => [s.id, s.publication]),
    );
    const at = head!.indexOf('publication name');
    expect(at, slots).toBeGreaterThanOrEqual(0);
    const idAt = head!.indexOf('id');
    for (const r of rows) {
      const id = [...slotPubs.keys()].find((k) => k.startsWith(r[idAt]!))!;
      const name = byId.get(slotPubs.get(id)!)!;
      expect(name.startsWith(r[at]!.replace(/…$/, '')), `${r[at]} for ${name}`).toBe(true);
    }
    const advName = (JSON.parse(sandbox(['adv', 'list', '-o', 'json'])) as Array<{ id: string; name: string }>).find(
      (a) => a.id === adv,
    )!.name;
    for (const cols of [80, 120]) {
      const campaigns = onTerminal(cols, ['campaign', 'list', adv]);
      expect(campaigns, `${cols}\n${campaigns}`).toContain(advName);
    }
    const view = onTerminal(80, ['campaign', 'view', campaign]);
    expect(view).toMatch(new RegExp(`│ advertiser name +│ ${advName} +│`));
    const slotView = onTerminal(80, ['slot', 'view', [...slotPubs.keys()][0]!]);
    expect(slotView).toMatch(/│ publication name +│ \S/);
  }, 240_000);
});
