import { describe, expect, it } from 'vitest';
import { sanitizeForDisplay } from '../../src/output/index.js';
import { escapeForTerminal, terminalView } from '../../src/output/sanitize.js';

describe('sanitizeForDisplay', () => {
  it.each([
    ['CSI colour', 'a\u001b[31mred\u001b[0m', 'ared'],
    ['CSI clear screen', '\u001b[2J\u001b[Hx', 'x'],
    ['8-bit CSI', 'a\u009b2Jb', 'ab'],
    ['OSC title ended by BEL', '\u001b]0;pwned\u0007name', 'name'],
    ['OSC 8 hyperlink ended by ST', '\u001b]8;;https://evil\u001b\\link\u001b]8;;\u001b\\', 'link'],
    ['DCS string', '\u001bPq#0;2\u001b\\ok', 'ok'],
    ['two-byte ESC', '\u001bcreset', 'reset'],
    ['BEL', 'ding\u0007dong', 'dingdong'],
    ['NUL and other C0', 'a\u0000b\u0001c\u001fd', 'abcd'],
    ['DEL', 'a\u007fb', 'ab'],
    ['C1', 'a\u0085b\u009cc', 'abc'],
    ['bidi override', 'abc\u202edcba\u202c', 'abcdcba'],
    ['tab, LF, CR read as spaces', 'a\tb\nc\rd', 'a b c d'],
    ['lone ESC at the end', 'x\u001b', 'x'],
    ['unicode text kept', 'Café 日本 😀 ñ', 'Café 日本 😀 ñ'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeForDisplay(input)).toBe(expected);
  });
});

describe('escapeForTerminal', () => {
  it.each([
    ['ESC sequences shown, not run', 'a\u001b[2Jb\u001b]0;t\u0007', 'a\\u001b[2Jb\\u001b]0;t\\u0007'],
    ['CR, NUL, DEL', 'a\rb\u0000c\u007f', 'a\\u000db\\u0000c\\u007f'],
    ['C1', 'x\u009b31m\u0085', 'x\\u009b31m\\u0085'],
    ['bidi controls and marks', '\u202eabc\u202c\u2066\u2069\u200e\u200f\u061c', '\\u202eabc\\u202c\\u2066\\u2069\\u200e\\u200f\\u061c'],
    ["tab and newline kept: they are the formats' layout", 'a\tb\nc', 'a\tb\nc'],
    ['text kept', 'Café 日本 😀', 'Café 日本 😀'],
  ])('%s', (_name, input, expected) => {
    expect(escapeForTerminal(input)).toBe(expected);
  });

  it('keeps JSON valid and the same value', () => {
    const value = 'x\u007f\u009b\u202ey';
    expect(JSON.parse(escapeForTerminal(JSON.stringify({ value })))).toEqual({ value });
  });

  it('terminalView escapes only for a stream that is a terminal', () => {
    expect(terminalView({ isTTY: true })('\u001b[2J')).toBe('\\u001b[2J');
    expect(terminalView({})('\u001b[2J')).toBe('\u001b[2J');
    expect(terminalView({ isTTY: false })('\u001b[2J')).toBe('\u001b[2J');
  });
});
