// Server-supplied text is data, not terminal commands: a name like "\x1b]8;;evil\x07" must not rewrite the screen.
// sanitizeForDisplay removes unsafe characters (tables, stderr, completion); escapeForTerminal shows them as `\uXXXX`
// (machine formats on a terminal: the data stays complete, visibly odd). Files and pipes get the bytes unchanged.

// Escape sequences are removed whole, before single characters, so no parameter bytes are left as visible junk.
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

// C0, DEL and C1 controls, and the bidirectional controls that reorder displayed text ("Trojan Source").
const UNSAFE_CLASS = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, 'g');
const HAS_UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`);
// escapeForTerminal leaves tab and newline: every format uses them as layout, and they cannot rewrite the screen.
const UNSAFE_ON_TERMINAL = new RegExp(`[${UNSAFE_CLASS.replace('\\u0000-\\u001f', '\\u0000-\\u0008\\u000b-\\u001f')}]`, 'g');

export function sanitizeForDisplay(text: string): string {
  return text.replace(ANSI_SEQUENCE, '').replace(WHITESPACE_CONTROL, ' ').replace(UNSAFE, '');
}

/** Messages (errors, hints, notices) that may quote service text: sanitised line by line, so their own line breaks survive. */
export function sanitizeLines(text: string): string {
  return hasUnsafeCharacters(text) ? text.split('\n').map(sanitizeForDisplay).join('\n') : text;
}

export function hasUnsafeCharacters(text: string): boolean {
  return HAS_UNSAFE.test(text);
}

/** Unsafe characters but tab and newline as `\uXXXX`: JSON stays valid, as they occur only inside its strings. */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE_ON_TERMINAL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Machine-format text as shown on `out`: escaped when it is a terminal (an `--out` or results file never is). */
export function terminalView(out: object): (text: string) => string {
  return (out as { isTTY?: boolean }).isTTY === true ? escapeForTerminal : (text) => text;
}

/**
 * Plain data (a report, a finding) with every string passed through sanitizeForDisplay: for output
 * that is built from many fields of service text (the pulse screen, its page, a notification), so
 * no field can be forgotten on the way.
 */
export function sanitizeStrings<T>(value: T): T {
  if (typeof value === 'string') return (hasUnsafeCharacters(value) ? sanitizeForDisplay(value) : value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => sanitizeStrings(v)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitizeStrings(v)])) as T;
  }
  return value;
}
