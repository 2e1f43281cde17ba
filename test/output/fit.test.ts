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
  return out.text;
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
    expect(at80).toMatch(/│ description +│/);
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

  it('--wide: every value whole, free text wrapped at spaces and never mid-word', async () => {
    const text = await table(columns, rows, { width: 80, wide: true });
    for (const r of rows) expect(text).toContain(r.id!);
    expect(text).not.toContain('…');
    for (const word of 'sidebar,größe banner above the fold on every page'.split(' ')) expect(text).toContain(word);
    // Wider than 80 only by what cannot be split: the full ID (36), the CJK name, one 'word' (44),
    // status, requests, and the description's longest word 'sidebar,größe' (13), plus the frame.
    expect(widest(text)).toBe(36 + 44 + 6 + 8 + 13 + 16);
    expect(text).toMatch(/│ sidebar,größe +│\n/);
    // The name (one 'word' of CJK text) is never split: the table is as wide as it needs.
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
    expect(layout.shown).toEqual([0, 1, 3]);
    expect(layout.widths[1]).toBe(50 - 10 - 10 - 3 * 3 - 1); // the name takes what is left
  });
});
