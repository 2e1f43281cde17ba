// Display width, truncation and wrapping of sanitized, uncoloured cell text in terminal columns, cut only between
// grapheme clusters. string-width is loaded by loadWidth() (lazily: never for `--help`, csv or json).

type StringWidth = (text: string) => number;
type EastAsianWidth = (codePoint: number) => number;
const notLoaded = () => {
  throw new Error('width.ts: call loadWidth() first'); // a caller's bug, not a user's
};
let stringWidth: StringWidth = notLoaded;
let eastAsianWidth: EastAsianWidth = notLoaded;

export async function loadWidth(): Promise<void> {
  const [sw, eaw] = await Promise.all([import('string-width'), import('get-east-asian-width')]);
  stringWidth = sw.default;
  const lookup: EastAsianWidth = eaw.eastAsianWidth;
  eastAsianWidth = (cp) => {
    if (cp > 0xffff) return lookup(cp);
    // The library searches its ranges on every call (~100 ns); a CJK table asks for the same few hundred 50,000 times.
    let w = bmpWidths[cp];
    if (w === 0) bmpWidths[cp] = w = lookup(cp);
    return w;
  };
}

const bmpWidths = new Uint8Array(0x10000);

export const ELLIPSIS = '…';

// Printable ASCII is one column per character: the common cell skips string-width altogether.
const ASCII = /^[\x20-\x7e]*$/;
// Text with emoji goes to emojiWidth; Hangul jamo, Indic conjuncts, spacing marks and lone surrogates to string-width.
// Any other text is the sum of its code points' East Asian widths: what string-width computes, without its
// Intl.Segmenter (15-150 µs per short string on Node 20). test/output/fit.test.ts checks both against string-width.
const NEEDS_SEGMENTER =
  // eslint-disable-next-line no-misleading-character-class -- a set of single code points (ZWJ, variation selectors, keycap), each a reason to segment; no sequence is meant
  /[\p{Mc}\u0900-\u0dff\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\u200d\ufe0e\ufe0f\u20e3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\p{Cs}]/u;
const NEEDS_LIBRARY = /[\p{Mc}\u0900-\u0dff\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\p{Cs}]/u;
const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const MODIFIER = /\p{Emoji_Modifier}/u;
const KEYCAP_BASE = /[0-9#*]/;

function emojiWidth(text: string): number {
  let width = 0;
  let prev = ''; // the previous code point, '' after a joiner
  let prevWidth = 0;
  let joined = false; // after a ZWJ: the next pictograph is part of the same glyph
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let w: number;
    if (cp >= 0x20 && cp < 0x7f) {
      w = 1;
    } else if (cp === 0x200d) {
      joined = true;
      prev = ch;
      continue;
    } else if (cp === 0xfe0f) {
      // Emoji presentation: a narrow pictograph (☺, ❤) becomes two columns wide.
      w = PICTOGRAPHIC.test(prev) && prevWidth === 1 ? 1 : 0;
    } else if (cp === 0x20e3) {
      w = KEYCAP_BASE.test(prev) || (prev === '\ufe0f' && prevWidth === 0) ? 1 : 0; // 1⃣ is two wide
    } else if (cp >= 0x1f1e6 && cp <= 0x1f1ff) {
      w = 1; // a pair is one flag two columns wide; a lone indicator is one
    } else if (MODIFIER.test(ch) && PICTOGRAPHIC.test(prev)) {
      w = prevWidth === 1 ? 1 : 0; // a skin tone joins the emoji before it, making ☝ two wide
    } else if (PICTOGRAPHIC.test(ch)) {
      w = joined ? 0 : eastAsianWidth(cp);
    } else w = ZERO_WIDTH.test(ch) ? 0 : cp < 0x1100 ? 1 : eastAsianWidth(cp);
    joined = false;
    width += w;
    if (cp !== 0xfe0f || w > 0) prevWidth = w;
    if (w > 0 || cp !== 0xfe0f) prev = ch;
  }
  return width;
}

// Each code point's kind, found once and kept: the Unicode property classes cost ~1 µs per test of a short CJK name.
const WIDTH_0 = 1; // WIDTH_0 + w: a code point w columns wide (0, 1 or 2)
const EMOJI = 4; // matches NEEDS_SEGMENTER only: the text is measured by emojiWidth
const LIBRARY = 5; // matches NEEDS_LIBRARY (and so NEEDS_SEGMENTER): by string-width
const bmpKinds = new Uint8Array(0x10000); // 0: not looked at yet
const astralKinds = new Map<number, number>();

function kindOf(cp: number): number {
  let kind = cp <= 0xffff ? bmpKinds[cp] : (astralKinds.get(cp) ?? 0);
  if (kind !== 0) return kind;
  const ch = String.fromCodePoint(cp); // a lone surrogate stays one: \p{Cs}, as in the text
  kind = NEEDS_LIBRARY.test(ch)
    ? LIBRARY
    : NEEDS_SEGMENTER.test(ch)
      ? EMOJI
      : WIDTH_0 + (ZERO_WIDTH.test(ch) ? 0 : cp < 0x1100 ? 1 : eastAsianWidth(cp));
  if (cp <= 0xffff) bmpKinds[cp] = kind;
  else astralKinds.set(cp, kind);
  return kind;
}

export function displayWidth(text: string): number {
  if (ASCII.test(text)) return text.length;
  // Below U+1100 everything is narrow (ambiguous characters count 1, as in string-width).
  let width = 0;
  let emoji = false;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = (cp - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    const kind = kindOf(cp);
    if (kind === LIBRARY) return stringWidth(text);
    if (kind === EMOJI) emoji = true;
    else width += kind - WIDTH_0;
  }
  return emoji ? emojiWidth(text) : width;
}

let segmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Iterable<string> {
  segmenter ??= new Intl.Segmenter();
  const segments = segmenter.segment(text);
  return {
    *[Symbol.iterator]() {
      for (const s of segments) yield s.segment;
    },
  };
}

/** `text` cut at a grapheme boundary to at most `width` columns, ending in `…`; may be a column short (the caller pads). */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  if (width === 1) return ELLIPSIS;
  if (ASCII.test(text)) return text.slice(0, width - 1) + ELLIPSIS;
  let used = 0;
  let kept = '';
  if (!NEEDS_SEGMENTER.test(text)) {
    // Without emoji or jamo, cut only before a character that takes room, so marks stay with their letter.
    for (const ch of text) {
      const w = ZERO_WIDTH.test(ch) ? 0 : eastAsianWidth(ch.codePointAt(0)!);
      if (w > 0 && used + w > width - 1) break;
      kept += ch;
      used += w;
    }
    return kept + ELLIPSIS;
  }
  for (const g of graphemes(text)) {
    const w = displayWidth(g);
    if (used + w > width - 1) break;
    kept += g;
    used += w;
  }
  return kept + ELLIPSIS;
}

export function longestWord(text: string): number {
  let max = 0;
  for (const word of text.split(' ')) max = Math.max(max, displayWidth(word));
  return max;
}

/** Word-wrap at spaces only; a word wider than a line gets its own line, whole ('keep', --wide) or cut with `…` ('cut'). */
export function wrapWords(text: string, width: number, longWords: 'keep' | 'cut'): string[] {
  if (displayWidth(text) <= width) return [text];
  return pack(
    text.split(' ').filter((w) => w !== ''),
    width,
    longWords,
  );
}

/** Units (words, or a quoted name) joined by spaces into lines of at most `width`. */
function pack(units: string[], width: number, longWords: 'keep' | 'cut'): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const unit of units) {
    const w = displayWidth(unit);
    if (line !== '' && lineWidth + 1 + w <= width) {
      line += ' ' + unit;
      lineWidth += 1 + w;
      continue;
    }
    if (line !== '') lines.push(line);
    line = w > width && longWords === 'cut' ? truncate(unit, width) : unit;
    lineWidth = displayWidth(line);
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * A sentence in lines of at most `width`, broken at spaces only: never inside a number or a word,
 * and a quoted name ("Spring Sale") kept on one line when it fits on one. A word wider than the
 * line stays whole (a cut would change what it says).
 */
export function wrapSentence(text: string, width: number): string[] {
  if (displayWidth(text) <= width) return [text];
  const units: string[] = [];
  for (const part of text.split(/(?<=^|\s)("[^"]*"\S*)/)) {
    if (part.startsWith('"') && displayWidth(part) <= width) units.push(part);
    else units.push(...part.split(' ').filter((w) => w !== ''));
  }
  return pack(units, width, 'keep');
}
