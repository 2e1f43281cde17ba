// Fitting tables to the terminal: display widths, cuts with …, unique ID prefixes, the priority
// rule, --wide, and the renderer's own look against fixed expected text.
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRows, type Column, type OutputSettings, type Row } from '../../src/output/index.js';
import { layoutTable, uniquePrefixLength, uuidPrefixLength } from '../../src/output/fit.js';
import { displayWidth, loadWidth, truncate, wrapWords } from '../../src/output/width.js';
import { Capture } from './capture.js';

beforeAll(loadWidth);

const widest = (text: string) =>
  Math.max(
    ...text
      .trimEnd()
      .split('\n')
      .map((l) => stringWidth(l)),
  );

async function table(columns: Column[], rows: Row[], s: Partial<OutputSettings> = {}, totals?: Row): Promise<string> {
  const out = new Capture();
  await renderRows(out, columns, rows, { format: 'table', header: true, color: false, ...s }, { totals });
  // The note of what was left out to fit (wrapped over lines when wider than the width) is tested
  // in test/commands/captions.test.ts; here, the layout.
  return out.text.replace(/^\d+ columns? hidden[ ;][\s\S]*?to\s+show\s+them\n/m, '');
}

describe('display width', () => {
  it('agrees with string-width, the library, on tricky text (its fast paths skip Intl.Segmenter)', () => {
    const cases = [
      'abc',
      'Café Olé',
      'e\u0301te\u0301',
      '日本語',
      'ｶﾞ',
      '😀 x',
      '👨‍👩‍👧‍👦',
      '👍🏽',
      '☝🏻',
      '🇩🇪🇫🇷',
      '🇩',
      '1️⃣',
      '1⃣',
      '☺',
      '☺️',
      '❤️',
      '🏳️‍🌈',
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
      '👩‍💻 dev',
      'क्षि',
      '한국어',
      'ᄀ\u1161',
      'ça̐',
      '©️',
      '™',
      'a\u200db',
      // astral CJK, lone surrogates, soft hyphen, zero-width space, ideographic space, marks after CJK
      '𠀀𠀁 x',
      'a\ud800b',
      'a\udc00',
      'x\u0301日本',
      '\u00ad soft',
      'a\u200bb',
      '\u3000全角',
      'ア\u3099',
      'ℋ𝒜',
      '🀄 tile',
    ];
    // Twice: the second time the code points' widths come from displayWidth's own table.
    for (const text of cases) expect(displayWidth(text), JSON.stringify(text)).toBe(stringWidth(text));
    for (const text of cases) expect(displayWidth(text), JSON.stringify(text)).toBe(stringWidth(text));
  });

  it('cuts at a display-column boundary with …, never inside a grapheme or a wide character', () => {
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('abc', 5)).toBe('abc');
    expect(truncate('日本語テキスト', 6)).toBe('日本…'); // 4 + 1: a wide character is not split
    expect(truncate('e\u0301e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301…'); // accents stay on their letter
    expect(truncate('👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦', 4)).toBe('👨‍👩‍👧‍👦…'); // a family is one glyph
    for (const w of [1, 2, 3, 7]) expect(stringWidth(truncate('sidebar,größe 日本語 😀', w))).toBeLessThanOrEqual(w);
  });

  it('wraps at spaces only (never mid-word); a longer word is kept whole or cut with … when asked', () => {
    expect(wrapWords('sidebar,größe and more', 14, 'keep')).toEqual(['sidebar,größe', 'and more']);
    expect(wrapWords('a verylongwordindeed b', 6, 'keep')).toEqual(['a', 'verylongwordindeed', 'b']);
    expect(wrapWords('a verylongwordindeed b', 6, 'cut')).toEqual(['a', 'veryl…', 'b']);
  });
});

describe('unique ID prefixes', () => {
  it('are at least 7 long, and longer where two IDs share a longer prefix', () => {
    expect(uniquePrefixLength(['0378aee4-d936', '31b75801-0000'])).toBe(7);
    expect(uniquePrefixLength(['0378aee4-d936', '0378aee4-d9ff', '31b75801-0000'])).toBe(12);
    expect(uniquePrefixLength(['0378aee4-d936', '0378aee4-d936'])).toBe(7); // the same ID twice is one ID
  });

  it('are found from numbers for UUID columns exactly as from prefix strings, or left to the strings', () => {
    // Pairs sharing 0 to 32 hex digits, so every boundary (the 8th digit, the dash, the 12th
    // digit the numbers stop at) is crossed; blanks, duplicates and capitals are mixed in.
    let seed = 7;
    const hex = (n: number) =>
      Array.from({ length: n }, () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16) % 16)
        .map((d) => d.toString(16))
        .join('');
    const dashed = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    for (let shared = 0; shared <= 31; shared++) {
      const base = hex(32);
      const other = [...hex(32)].find((d) => d !== base[shared])!;
      const twin = base.slice(0, shared) + other + hex(31 - shared);
      const values = [dashed(base), '', dashed(twin), ...Array.from({ length: 200 }, () => dashed(hex(32)))];
      const strings = uniquePrefixLength(values.filter(Boolean));
      const fast = uuidPrefixLength(values, values.length);
      if (shared < 12) expect(fast, `sharing ${shared} digits`).toBe(strings);
      else expect(fast, `sharing ${shared} digits`).toBeUndefined(); // past the numbers: strings decide
      expect(uuidPrefixLength([...values, values[0]!], values.length + 1)).toBeUndefined(); // a duplicate
      expect(uuidPrefixLength([...values, values[0]!.toUpperCase()], values.length + 1)).toBeUndefined();
    }
    expect(uuidPrefixLength(['', 'not-a-uuid'], 2)).toBeUndefined();
    // A wrong character anywhere, a dash missing, a character too many or too few: not a UUID.
    const ok = '01234567-89ab-4cde-8f01-23456789abcd';
    const spoilt = [...ok].map((ch, j) => ok.slice(0, j) + (ch === '-' ? '0' : 'g') + ok.slice(j + 1));
    for (const v of [...spoilt, ok + '0', ok.slice(1)]) expect(uuidPrefixLength([ok.replace('0', '1'), v], 2), v).toBeUndefined();
    expect(uuidPrefixLength([ok.replace('0', '1'), ok], 2)).toBe(7);
    expect(uuidPrefixLength(['', ''], 2)).toBeUndefined();
  });
});

const uuid = (head: string) =>
  `${head}${'0123456789abcdef0123456789abcdef0123'.slice(head.length)}`.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5');

describe('fitting a table', () => {
  const columns: Column[] = [
    { key: 'id', priority: 1 },
    { key: 'name', wrap: true, priority: 1 },
    { key: 'status', priority: 1 },
    { key: 'requests', type: 'int' },
    { key: 'description', wrap: true, priority: 3 },
  ];
  const rows: Row[] = [
    {
      id: uuid('aaaaaaaa1'),
      name: '日本語の非常に長い出版物の名前：東京ニュース',
      status: 'ACTIVE',
      requests: '1200',
      description: 'sidebar,größe banner above the fold on every page',
    },
    { id: uuid('aaaaaaaa2'), name: 'Café Olé', status: 'PAUSED', requests: '7', description: '' },
    { id: uuid('bbbbbbbb'), name: 'Weather 😀 Now', status: 'ACTIVE', requests: '', description: 'x' },
  ];

  it('leaves a table that fits alone: full IDs, whole values', async () => {
    const text = await table(columns, rows, { width: 400 });
    expect(text).toBe(await table(columns, rows));
    for (const r of rows) expect(text).toContain(r.id!);
  });

  it('fits 80, 60 and 40 columns: shortest unique ID prefixes, … cuts, secondary columns dropped first', async () => {
    for (const width of [80, 60, 40]) {
      const text = await table(columns, rows, { width });
      expect(widest(text), `${width}\n${text}`).toBeLessThanOrEqual(width);
      // The two IDs share 'aaaaaaaa-' and the next digit differs: 10 characters tell them apart.
      expect(text).toContain(`│ ${uuid('aaaaaaaa1').slice(0, 10)} │`);
      expect(text).toContain(`│ ${uuid('bbbbbbbb').slice(0, 10)} │`);
      expect(text).not.toContain(uuid('bbbbbbbb'));
    }
    const at80 = await table(columns, rows, { width: 80 });
    expect(at80).toContain('…');
    // The description (priority 3) goes before the long name is cut below NAME_KEEP; the name
    // gets the room left.
    expect(at80).not.toContain('description');
    expect(at80).toContain('│ 日本語の非常に長い出版物の名前：東京ニュー… │');
    const at40 = await table(columns, rows, { width: 40 });
    expect(at40).not.toContain('description'); // priority 3 goes first
    expect(at40).not.toContain('requests'); // then the ordinary ones
    expect(
      at40
        .split('\n')[1]!
        .split('│')
        .map((s) => s.trim())
        .filter(Boolean),
    ).toEqual(['id', 'name', 'status']);
  });

  it('never cuts numbers or headers while a column can still be dropped', async () => {
    const stats: Column[] = [
      { key: 'date', priority: 1 },
      { key: 'conversions', type: 'int' },
      { key: 'conversionsPercent', type: 'decimal', priority: 3 },
      { key: 'impressions', type: 'int', priority: 1 },
    ];
    const text = await table(
      stats,
      [{ date: '2024-06-01', conversions: '12345678', conversionsPercent: '2.50', impressions: '123456789012' }],
      { width: 40 },
    );
    expect(widest(text)).toBeLessThanOrEqual(40);
    expect(text).toContain('123456789012');
    expect(text).not.toContain('conversionsPercent');
    expect(text).not.toMatch(/conv\w*…/);
  });

  it('--wide: every value whole, free text wrapped at spaces and never mid-word, only as the table needs', async () => {
    // Wrapped, the table fits 130 columns: the description wraps, the name (first in line to
    // stay whole) does not.
    const text = await table(columns, rows, { width: 130, wide: true });
    for (const r of rows) expect(text).toContain(r.id!);
    expect(text).not.toContain('…');
    for (const word of 'sidebar,größe banner above the fold on every page'.split(' ')) expect(text).toContain(word);
    expect(text).toContain(rows[0]!.name!);
    expect(widest(text)).toBeLessThanOrEqual(130);
    expect(text).not.toContain(rows[0]!.description!);
    // At 80 even the narrowest wrapping cannot fit: wrapping would only make rows taller, so
    // every value stays on its one line (the table is as wide as it needs).
    const at80 = await table(columns, rows, { width: 80, wide: true });
    expect(at80).toContain(rows[0]!.description!);
    expect(at80.trimEnd().split('\n')).toHaveLength(3 + rows.length + 1);
    expect(widest(at80)).toBe(36 + 44 + 6 + 8 + 49 + 16);
    const narrow = await table(columns, rows, { width: 40, wide: true });
    expect(narrow).toContain(rows[0]!.name!);
  });

  it('piped (no width) is unchanged: no cut, no shortening, even with --wide', async () => {
    const piped = await table(columns, rows);
    expect(piped).toContain(rows[0]!.description!);
    expect(await table(columns, rows, { wide: true })).toBe(piped);
  });

  it('puts the totals label in the first shown column and fits the totals row too', async () => {
    const cols: Column[] = [
      { key: 'country', priority: 3 },
      { key: 'publication', priority: 1 },
      { key: 'clicks', type: 'int', priority: 1 },
    ];
    const text = await table(
      cols,
      [{ country: 'DE', publication: uuid('cc'), clicks: '5' }],
      { width: 30 },
      { country: '', publication: '', clicks: '5' },
    );
    expect(widest(text)).toBeLessThanOrEqual(30);
    expect(text).toMatch(/│ Total +│ +5 │/);
  });

  it('colours after cutting: every escape sequence is whole and closed', async () => {
    const text = await table(columns, rows, { width: 50, color: true });
    // eslint-disable-next-line no-control-regex
    const stripped = text.replace(/\u001b\[\d+m/g, '');
    expect(stripped).not.toContain('\u001b');
    expect(widest(stripped)).toBeLessThanOrEqual(50);
    expect(text).toContain('\u001b[32mACTIVE\u001b[39m');
  });

  it('a record view fits too: values wrap at spaces, a word too long is cut with …', async () => {
    const out = new Capture();
    const { renderRecord } = await import('../../src/output/index.js');
    await renderRecord(out, columns, rows[0]!, { format: 'table', header: true, color: false, width: 40 });
    expect(widest(out.text)).toBeLessThanOrEqual(40);
    expect(out.text).toContain('sidebar,größe');
    const wide = new Capture();
    await renderRecord(wide, columns, rows[0]!, { format: 'table', header: true, color: false, width: 40, wide: true });
    expect(wide.text).toContain(rows[0]!.id!);
  });
});

describe('layoutTable', () => {
  it('drops the highest priority number first, the rightmost among equals, and hands room back by priority', () => {
    const m = (data: number, priority: number, text = false) => ({ header: 2, data, priority, text });
    const layout = layoutTable([m(10, 1), m(30, 1, true), m(10, 3), m(10, 2), m(10, 3)], 50, false);
    // A name of 30 stays whole: every column of lower rank goes first.
    expect(layout.shown).toEqual([0, 1]);
    expect(layout.widths[1]).toBe(30);
    const long = layoutTable([m(10, 1), m(60, 1, true), m(10, 3), m(10, 2), m(10, 3)], 60, false);
    expect(long.shown).toEqual([0, 1, 3]);
    expect(long.widths[1]).toBe(60 - 10 - 10 - 3 * 3 - 1); // cut, but past NAME_KEEP: the name takes what is left
  });
});

describe('column priority that serves the reader', () => {
  type M = Parameters<typeof layoutTable>[0][number];
  const m = (data: number, priority: number, extra: Partial<M> = {}): M => ({ header: 4, data, priority, text: false, ...extra });
  const need = (cols: readonly M[], l: ReturnType<typeof layoutTable>) =>
    l.shown.reduce((s, i) => s + l.widths[i]!, 0) + 3 * l.shown.length + 1;

  it('drops a column empty in every row first, before anything is cut', () => {
    const cols = [m(7, 1), m(28, 1, { text: true }), m(16, 2, { empty: true, header: 7 }), m(6, 1)];
    const l = layoutTable(cols, 60, false);
    expect(l.shown).toEqual([0, 1, 3]);
    expect(l.widths[1]).toBe(28);
  });

  it('moves a column with one value in every row to the caption, and only when the table does not fit', () => {
    const cols = [m(7, 1), m(20, 1, { text: true }), m(8, 3, { constant: true }), m(9, 1)];
    expect(layoutTable(cols, 200, false).caption).toEqual([]);
    const l = layoutTable(cols, 50, false);
    expect(l.caption).toEqual([2]);
    expect(l.shown).toEqual([0, 1, 3]);
    // Never every column: a table keeps at least one.
    const all = layoutTable([m(40, 1, { constant: true }), m(40, 1, { constant: true })], 50, false);
    expect(all.caption).toEqual([]);
  });

  it('cuts URLs and descriptions before names', () => {
    const cols = [m(7, 1), m(26, 1, { text: true }), m(40, 3, { text: true }), m(30, 2, { text: true })];
    const l = layoutTable(cols, 80, false);
    expect(l.shown).toEqual([0, 1, 2, 3]);
    expect(l.widths[1]).toBe(26);
    expect(l.widths[2]! + l.widths[3]!).toBe(80 - 7 - 26 - 13);
    expect(need(cols, l)).toBe(80);
  });

  it('drops an ID whose name is shown before the figures, and names of other entities before the rows own', () => {
    // publication, publicationName, adslot, adslotName, impressions, clicks, earnings
    const cols = [
      m(7, 1, { header: 11 }),
      m(17, 1, { text: true, header: 15, nameFor: 0 }),
      m(7, 1, { header: 6 }),
      m(13, 1, { text: true, header: 10, nameFor: 2 }),
      m(6, 1, { header: 11 }),
      m(4, 1, { header: 6 }),
      m(6, 1, { header: 8 }),
    ];
    expect(layoutTable(cols, 80, false).shown).toEqual([1, 3, 4, 5, 6]);
    expect(layoutTable(cols, 60, false).shown).toEqual([3, 4, 5, 6]); // the ad slot tells rows apart
    expect(layoutTable(cols, 40, false).shown).toEqual([3, 4, 5]);
  });

  it('never cuts a name of up to 30 while anything of lower rank could give way (random tables)', () => {
    let seed = 7;
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    for (let run = 0; run < 3000; run++) {
      const cols: M[] = Array.from({ length: 2 + rnd(8) }, () => {
        const text = rnd(2) === 0;
        return m(rnd(45), 1 + rnd(3), { text, header: 2 + rnd(10), empty: false });
      });
      for (const c of cols) if (c.data === 0) c.empty = true;
      const total = 30 + rnd(120);
      const l = layoutTable(cols, total, false);
      // Whatever it gives up, the table it lays out fits the width it was given.
      expect(need(cols, l), JSON.stringify({ cols, total })).toBeLessThanOrEqual(total);
      const cutName = l.shown.some(
        (i) =>
          cols[i]!.text &&
          cols[i]!.priority === 1 &&
          Math.max(cols[i]!.data, cols[i]!.header) <= 30 &&
          l.widths[i]! < Math.max(cols[i]!.data, cols[i]!.header),
      );
      if (!cutName) continue;
      const why = JSON.stringify({ cols, total, l });
      for (const i of l.shown) {
        expect(cols[i]!.empty, why).toBe(false);
        expect(cols[i]!.priority, why).toBe(1);
      }
    }
  });

  it('--wide wraps descriptions before names, and a name of up to 30 not at all while they can', () => {
    const cols = [m(7, 1), m(28, 1, { text: true, longestWord: 9 }), m(60, 3, { text: true, longestWord: 12 })];
    const l = layoutTable(cols, 80, true);
    expect(l.widths[1]).toBe(28);
    expect(l.widths[2]).toBe(80 - 7 - 28 - 10);
    // Cannot fit even wrapped to the longest words: nothing wraps.
    const none = layoutTable([m(70, 1), m(28, 1, { text: true, longestWord: 9 })], 80, true);
    expect(none.widths).toEqual([70, 28]);
  });

  it('draws the caption above the table, label and value whole; a table that fits or is piped has none', async () => {
    const cols: Column[] = [
      { key: 'date', priority: 1 },
      { key: 'campaign', priority: 1 },
      { key: 'campaignName', wrap: true, priority: 1, names: 'campaign' },
      { key: 'impressions', type: 'int', priority: 1 },
      { key: 'conversions', type: 'int', priority: 1 },
      { key: 'currency', priority: 3 },
      { key: 'endDate' },
    ];
    const rows: Row[] = ['2026-11-01', '2026-11-02'].map((date, i) => ({
      date,
      campaign: uuid('5be1'),
      campaignName: 'Spring Sale',
      impressions: String(1000 + i),
      conversions: '3', // a key figure stays in the table even when equal on every row
      currency: 'USD',
      endDate: '',
    }));
    const text = await table(cols, rows, { width: 60 });
    expect(widest(text)).toBeLessThanOrEqual(60);
    // As many `label: value` to a line as fit; the ID whole, to be copied.
    expect(text.split('\n').slice(0, 2)).toEqual([`campaign: ${uuid('5be1')}`, 'campaign name: Spring Sale   currency: USD']);
    expect(text).toMatch(/│ date +│ impressions │ conversions │/);
    expect(text).not.toMatch(/end ?date/i);
    expect(await table(cols, rows, { width: 200 })).toMatch(/^┌/);
    expect(await table(cols, rows)).toMatch(/^┌/);
    const one = await table(cols, rows.slice(0, 1), { width: 60 });
    expect(one).toMatch(/^┌/); // one row: nothing is "the same in every row"
  });
});
