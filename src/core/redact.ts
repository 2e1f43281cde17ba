// The one redaction path for everything that may reach a terminal or a log. Each character of a secret may be raw,
// percent-encoded, an XML or JSON escape, or `?` where Latin-1 JSON lost it, mixed within one occurrence, in
// either letter case; the key is also sought in hex and base64, and `email:key` unpadded and URL-safe.

export const REDACTED = '[REDACTED]';

/** The prefix of `masg mcp --http`'s bearer tokens (config/mcp-tokens.ts makes them: 32 random bytes, base64url). */
export const MCP_TOKEN_PREFIX = 'masg_mcp_';

/** A bearer token of `masg mcp --http`, by its shape: redacted whoever's it is, the hash being all masg keeps of it. */
const BEARER_SHAPE = new RegExp(`${MCP_TOKEN_PREFIX}[A-Za-z0-9_-]{20,}`, 'g');

export type Redactor = (text: string) => string;

/** Secrets shorter than this are redacted only as a whole token, longer ones anywhere. */
export const SHORT_SECRET_LENGTH = 8;

export function basicCredentials(email: string, key: string): string {
  return Buffer.from(`${email}:${key}`, 'utf8').toString('base64');
}

/**
 * The key, the base64 of `email:key` and the whole header value (the e-mail alone is not a secret),
 * each also as the other encodings a key is shown in: the key in hex and in base64, and both base64
 * forms padded, unpadded and URL-safe. Letter case is matched either way (createRedactor).
 */
export function secretsFor(email: string, key: string): string[] {
  if (key === '') return [];
  const token = basicCredentials(email, key);
  const bare = Buffer.from(key, 'utf8');
  const unpadded = (b64: string) => b64.replace(/=+$/, '');
  return [
    key,
    bare.toString('hex'),
    bare.toString('base64'),
    unpadded(bare.toString('base64')),
    bare.toString('base64url'),
    token,
    unpadded(token),
    Buffer.from(`${email}:${key}`, 'utf8').toString('base64url'),
    `Basic ${token}`,
  ];
}

/**
 * Replaces each secret in any encoded form; a short one only as a whole token, so "banana" survives a key of "a".
 * Every redactor also replaces anything shaped like an MCP bearer token, with or without secrets given.
 */
export function createRedactor(secrets: Iterable<string>): Redactor {
  // Longest first, so the header value is replaced whole, not left as "Basic [REDACTED]".
  const list = [...new Set(secrets)].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  const bearers = (text: string) => text.replace(BEARER_SHAPE, REDACTED);
  if (list.length === 0) return bearers;
  // Any letter case: a key shouted back in upper case, or hex in either case, is the same secret.
  const pattern = new RegExp(list.map(secretPattern).join('|'), 'giu');
  // Text redacted twice must not nest the marker (a secret like "REDACTED").
  const once = (text: string) => bearers(text).replace(pattern, REDACTED);
  return (text) => text.split(REDACTED).map(once).join(REDACTED);
}

/** The redactor of each list of secrets that grows as they become known (redactorOf). */
const LIVE = new WeakMap<readonly string[], Redactor>();

/**
 * The one redactor of a list that only grows (a command's secrets, shared by the Contexts of its
 * accounts as each account's become known): every secret on the list when it is called, its
 * pattern built on first use after the list has grown. A redactor made afresh from the list for
 * each account held every earlier account's secrets too, so a run of n accounts built and kept n
 * patterns of up to n accounts' secrets: 29 MB of patterns live at account 80 of 100.
 */
export function redactorOf(secrets: readonly string[]): Redactor {
  let redactor = LIVE.get(secrets);
  if (redactor === undefined) {
    let built: { length: number; redact: Redactor } | undefined;
    redactor = (text) => {
      if (built?.length !== secrets.length) built = { length: secrets.length, redact: createRedactor(secrets) };
      return built.redact(text);
    };
    LIVE.set(secrets, redactor);
  }
  return redactor;
}

/** A letter, digit or `_` beside a short secret, or a `-`/`.` joining it to one ("e-mail"), makes it part of a word. */
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

export const redactor = createRedactor;
