import { describe, expect, it } from 'vitest';
import { sanitizeForDisplay } from '../../src/output/index.js';

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
