// The one redaction path: everything that may reach a terminal or a log (debug lines, dry-run
// descriptions, error messages) goes through a Redactor built from the secrets of the session.
//
// A secret is matched in every form it can take on the wire or in a body, not only as itself:
// each of its characters may appear raw, percent-encoded (any hex case; `+` for a space in a
// form body), as an XML named or numeric reference (decimal or hex; the service writes every
// character above U+007F as a decimal reference and astral characters as two surrogate
// references), JSON-escaped (`\/`, `\"`, `\uXXXX`, surrogate pairs), or as `?` where the
// service's Latin-1 JSON lost a character. The forms may be mixed within one occurrence, so one
// pattern per character covers them all instead of a list of whole-string variants.

export const REDACTED = '[REDACTED]';

export type Redactor = (text: string) => string;

/**
 * Secrets shorter than this are redacted only where they stand as a whole token (see
 * `createRedactor`); longer ones wherever they occur, even inside a longer word.
 */
export const SHORT_SECRET_LENGTH = 8;

/** Base64 of `email:key`, exactly as it appears after "Basic " in the Authorization header. */
export function basicCredentials(email: string, key: string): string {
  return Buffer.from(`${email}:${key}`, 'utf8').toString('base64');
}

/**
 * What to hide for a developer key: the key, the base64 of `email:key` and the whole header
 * value. Their encoded forms (URL, form, XML, JSON) are matched by the redactor itself. (The
 * e-mail alone is not a secret.)
 */
export function secretsFor(email: string, key: string): string[] {
  if (key === '') return [];
  const token = basicCredentials(email, key);
  return [key, token, `Basic ${token}`];
}

/**
 * A function that replaces each known secret, in any of its encoded forms, with [REDACTED].
 *
 * Short secrets: a one-character key matched everywhere would blank out every occurrence of that
 * character in unrelated text. A key can only reach output in a few places: the Authorization
 * header (never shown at all, see redactHeaders), the base64 token (long, matched anywhere), and
 * as a value echoed back (a query or form parameter, an XML element, a JSON string, a quoted
 * value in a service message). In each of those it stands alone between delimiters (`=`, `&`,
 * `"`, `<`, `>`, spaces, line ends), so a short secret is matched only as a whole token: not
 * inside a longer word (see WORD_BEFORE). It is then still never printed as a value of its own,
 * while "banana" survives a key of "a" and "e-mail" a key of "e". (A stand-alone word equal to
 * the key is still hidden: that is the price of never printing the key. A short key inside a
 * longer token, such as an ID in a URL path, is not: there it is not a value of its own.)
 */
export function createRedactor(secrets: Iterable<string>): Redactor {
  // Longest first, so the header value is replaced whole instead of leaving "Basic [REDACTED]"
  // half-matched by a shorter secret inside it; empty strings would match everywhere.
  const list = [...new Set(secrets)].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  if (list.length === 0) return (text) => text;
  const pattern = new RegExp(list.map(secretPattern).join('|'), 'gu');
  // Text already redacted once (a debug line redacted by the client, then by the context) must
  // not be redacted again: a secret like "REDACTED" would nest the marker.
  const once = (text: string) => text.replace(pattern, REDACTED);
  return (text) => text.split(REDACTED).map(once).join(REDACTED);
}

/**
 * What makes a short secret part of a longer word: a letter, digit or `_` beside it, or a `-` or
 * `.` joining it to one ("e-mail", "e.g.", "example.com"). A `-` or `.` with nothing after it is
 * punctuation: a key at the end of a sentence ("…: e.") is still hidden.
 */
const WORD = '[\\p{L}\\p{N}_]';
const WORD_BEFORE = `(?<!${WORD})(?<!${WORD}[-.])`;
const WORD_AFTER = `(?!${WORD})(?![-.]${WORD})`;

function secretPattern(secret: string): string {
  const body = [...secret].map(charPattern).join('');
  return [...secret].length < SHORT_SECRET_LENGTH ? `${WORD_BEFORE}(?:${body})${WORD_AFTER}` : `(?:${body})`;
}

const XML_NAMED: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const JSON_SHORT: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '\\/',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** Every form one character (code point) can take in output; see the top of this file. */
function charPattern(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const units = ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [cp];
  const forms = [escapeRegExp(ch)];
  forms.push([...Buffer.from(ch, 'utf8')].map((byte) => `%${hexCI(byte, 2)}`).join(''));
  if (ch === ' ') forms.push('\\+');
  forms.push(`&#0*${cp};`, `&#[xX]0*${hexCI(cp)};`);
  if (units.length === 2) {
    forms.push(units.map((u) => `&#0*${u};`).join(''), units.map((u) => `&#[xX]0*${hexCI(u)};`).join(''));
  }
  if (XML_NAMED[ch]) forms.push(escapeRegExp(XML_NAMED[ch]));
  forms.push(units.map((u) => `\\\\u${hexCI(u, 4)}`).join(''));
  if (JSON_SHORT[ch]) forms.push(escapeRegExp(JSON_SHORT[ch]));
  if (cp > 0xff) forms.push('\\?');
  return `(?:${forms.join('|')})`;
}

/** Hex digits of n, each letter matching either case (`%2f` and `%2F`, `&#x2F;` and `&#x2f;`). */
function hexCI(n: number, width = 1): string {
  return n
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);
}

/** Escapes for a `u`-mode pattern, which rejects escapes of anything but syntax characters. */
function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** Headers safe to show: Authorization (and proxy credentials) hidden, other values redacted. */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
  redact: Redactor = (text) => text,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    out[name] =
      lower === 'authorization' || lower === 'proxy-authorization' ? REDACTED : redact(Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}

/** Alias used by the context: `redactor(ctx.secrets)`. */
export const redactor = createRedactor;
