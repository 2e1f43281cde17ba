import { describe, expect, it } from 'vitest';
import { cleanDescription, formatAnswer, offerable } from '../../src/completion/protocol.js';

describe('offerable', () => {
  it.each(['$(touch x)', '`x`', 'a;b', 'two words', `it's "q"`, '*', '-rf', 'back\\slash', 'colon:id', 'Café', '日本'])(
    '%j is offered (each shell quotes it)',
    (v) => {
      expect(offerable(v)).toBe(true);
    },
  );
  it.each([
    'a\nb',
    'a\tb',
    'a\rb',
    'esc\u001b[2J',
    'nul\u0000',
    'del\u007f',
    'c1\u009b',
    'rlo\u202e',
    'lri\u2066',
    'rlm\u200f',
    'alm\u061c',
    '',
  ])('%j is not', (v) => {
    expect(offerable(v)).toBe(false);
  });
});

describe('cleanDescription', () => {
  it.each([
    ['OSC title', 'Evil\u001b]0;pwned\u0007 name', 'Evil name'],
    ['CSI and 8-bit CSI', '\u001b[2Ja\u009b31mb', 'ab'],
    ['bidi controls', 'abc\u202edcba\u202c \u2066x\u2069\u200e\u061c', 'abcdcba x'],
    ['C1 NEL', 'a\u0085b', 'ab'],
    ['tab and newline become single spaces', ' a\tb\n\nc ', 'a b c'],
    ['text kept', 'Café « Olé » 😀', 'Café « Olé » 😀'],
  ])('%s', (_n, input, shown) => {
    expect(cleanDescription(input)).toBe(shown);
  });
});

describe('formatAnswer', () => {
  it('one line per offered value, a cleaned description after a tab, the directives last', () => {
    const text = formatAnswer(
      [
        { value: '$(touch x)', description: 'Evil\u001b[2J\tname' },
        { value: 'a\nb', description: 'never' },
        { value: 'plain' },
        { value: 'x', description: '\u001b[0m' },
      ],
      ['nospace'],
    );
    expect(text).toBe('$(touch x)\tEvil name\nplain\nx\n:nospace\n');
  });
});
