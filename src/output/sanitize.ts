// Server-supplied text is data, not terminal commands. A publication named
// "\x1b]8;;evil\x07" or "\x1b[2J" must not rewrite the user's screen, title or clipboard. This is
// the one place that knows which characters are unsafe on a terminal (UNSAFE below), with two
// ways of making them harmless:
//   sanitizeForDisplay  removes them: tables, messages on stderr, completion descriptions, where
//                       text is for reading only;
//   escapeForTerminal   shows them as visible `\uXXXX` escapes: csv/tsv/json/ndjson written to a
//                       terminal, where the data must stay complete and the user must see that
//                       something odd is in it. Files and pipes get the bytes unchanged.

// Escape sequences are removed whole, before single characters, so no parameter bytes are left
// behind as visible junk: CSI (ESC [ or 8-bit CSI) with parameters; OSC/DCS/SOS/PM/APC strings up
// to BEL or ST; and the remaining two-byte ESC sequences.
const ANSI_SEQUENCE = new RegExp(
  [
    '(?:\\u001b\\[|\\u009b)[0-?]*[ -/]*[@-~]',
    '(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d-\\u009f])[\\s\\S]*?(?:\\u0007|\\u001b\\\\|\\u009c)',
    '\\u001b[ -/]*[0-~]',
  ].join('|'),
  'g',
);

// Tab, LF and CR become a space so "a\nb" reads "a b" instead of "ab" or a broken table row.
const WHITESPACE_CONTROL = /[\t\n\r]/g;

// C0, DEL and C1 controls, plus the bidirectional marks, embeddings, overrides and isolates that
// can make a terminal display text in a different order than it is stored ("Trojan Source").
const UNSAFE_CLASS = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, 'g');
const HAS_UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`);
// What escapeForTerminal changes: UNSAFE except tab and newline, which every format uses as
// layout (record and field separators, JSON indentation) and which cannot rewrite the screen.
const UNSAFE_ON_TERMINAL = new RegExp(`[${UNSAFE_CLASS.replace('\\u0000-\\u001f', '\\u0000-\\u0008\\u000b-\\u001f')}]`, 'g');

export function sanitizeForDisplay(text: string): string {
  return text.replace(ANSI_SEQUENCE, '').replace(WHITESPACE_CONTROL, ' ').replace(UNSAFE, '');
}

/** True when `text` holds a character a terminal would act on or reorder by (tab and newline included). */
export function hasUnsafeCharacters(text: string): boolean {
  return HAS_UNSAFE.test(text);
}

/**
 * Every unsafe character except tab and newline as `\uXXXX` (ESC → `\u001b`, CR → `\u000d`,
 * U+202E → `\u202e`). The same text in JSON is still valid JSON for the same value, since JSON
 * output holds these characters only inside strings, where `\uXXXX` is the standard escape.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE_ON_TERMINAL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * How machine-format text is shown on `out`: escaped when `out` is a terminal (the stream the
 * Context's IO gave, so a test can pretend; an `--out` or results file never is one), else as is.
 */
export function terminalView(out: object): (text: string) => string {
  return (out as { isTTY?: boolean }).isTTY === true ? escapeForTerminal : (text) => text;
}
