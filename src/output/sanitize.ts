// Server-supplied text is data, not terminal commands. A publication named
// "\x1b]8;;evil\x07" or "\x1b[2J" must not rewrite the user's screen, title or clipboard, so
// everything shown on a terminal (tables, messages on stderr) goes through sanitizeForDisplay.
// csv/tsv/json keep values exact: their escaping already makes control characters harmless.

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

// C0, DEL and C1 controls, plus the bidirectional overrides and isolates that can make a
// terminal display text in a different order than it is stored ("Trojan Source").
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function sanitizeForDisplay(text: string): string {
  return text.replace(ANSI_SEQUENCE, '').replace(WHITESPACE_CONTROL, ' ').replace(CONTROL, '');
}
