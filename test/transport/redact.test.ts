import { describe, expect, it } from 'vitest';
import {
  MCP_TOKEN_PREFIX,
  REDACTED,
  SHORT_SECRET_LENGTH,
  basicCredentials,
  createRedactor,
  redactHeaders,
  redactor,
  redactorOf,
  secretsFor,
} from '../../src/core/redact.js';

const EMAIL = 'ops@example.com';
const KEY = 's3cr3t:key/+=';

describe('redaction', () => {
  const redact = createRedactor(secretsFor(EMAIL, KEY));
  const token = basicCredentials(EMAIL, KEY);

  it('replaces the key, its URL-encoded form, the base64 of email:key and the header value', () => {
    expect(token).toBe(Buffer.from(`${EMAIL}:${KEY}`).toString('base64'));
    const text = `key=${KEY} enc=${encodeURIComponent(KEY)} token=${token} header="Basic ${token}"`;
    const out = redact(text);
    expect(out).toBe(`key=${REDACTED} enc=${REDACTED} token=${REDACTED} header="${REDACTED}"`);
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(token);
  });

  it('the key in upper case and in hex, the bare key in base64, email:key in unpadded or URL-safe base64', () => {
    const key = 'demo-developer-key?';
    const r = createRedactor(secretsFor(EMAIL, key));
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const hex = Buffer.from(key).toString('hex');
    const forms = [
      key.toUpperCase(),
      hex,
      hex.toUpperCase(),
      b64(key),
      b64(key).replace(/=+$/, ''),
      Buffer.from(key).toString('base64url'),
      b64(`${EMAIL}:${key}`).replace(/=+$/, ''),
      Buffer.from(`${EMAIL}:${key}`).toString('base64url'),
      encodeURIComponent(b64(`${EMAIL}:${key}`)),
      encodeURIComponent(b64(key)),
    ];
    for (const form of forms) expect(r(`seen ${form} here`), form).toBe(`seen ${REDACTED} here`);
  });

  it('leaves the e-mail and other text alone; no secrets means no change', () => {
    expect(redact(`user ${EMAIL}`)).toBe(`user ${EMAIL}`);
    expect(createRedactor([])('abc')).toBe('abc');
    expect(createRedactor(['', 'x'])('a x a')).toBe(`a ${REDACTED} a`);
    expect(secretsFor(EMAIL, '')).toEqual([]);
  });

  it('headers: Authorization always hidden, other values redacted', () => {
    expect(
      redactHeaders(
        { Authorization: `Basic ${token}`, 'proxy-authorization': 'x', 'x-echo': KEY, accept: ['a', 'b'], gone: undefined },
        redact,
      ),
    ).toEqual({
      Authorization: REDACTED,
      'proxy-authorization': REDACTED,
      'x-echo': REDACTED,
      accept: 'a, b',
    });
  });

  it('redactor is the same function (used by the context)', () => {
    expect(redactor([KEY])(KEY)).toBe(REDACTED);
  });

  it('redacting twice changes nothing more (a secret spelt like the marker does not nest it)', () => {
    const r = createRedactor(['REDACTED', KEY]);
    const once = r(`a ${KEY} REDACTED b`);
    expect(once).toBe(`a ${REDACTED} ${REDACTED} b`);
    expect(r(once)).toBe(once);
  });
});

describe('every form a key takes on the wire or in a body', () => {
  // Characters that every encoding changes: & / < > " ' space + : % = ; a Latin-1 letter, a
  // letter outside Latin-1 and one outside the Basic Multilingual Plane.
  const key = `K&y/<a>"b'c d+e:f%g=h;é€😀`;
  const email = 'ops@example.com';
  const r = createRedactor(secretsFor(email, key));
  const b64 = basicCredentials(email, key);

  const xmlNamed = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  // The service's XML: named escapes for & < >, every character above U+007F as a decimal
  // reference, astral characters as two surrogate references.
  const serviceXml = (s: string) =>
    [...s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')]
      .map((ch) => (ch.codePointAt(0)! > 0x7f ? [...Array(ch.length).keys()].map((i) => `&#${ch.charCodeAt(i)};`).join('') : ch))
      .join('');
  const xmlHex = (s: string) => [...s].map((ch) => `&#x${ch.codePointAt(0)!.toString(16).toUpperCase()};`).join('');
  const xmlDecimalPadded = (s: string) => [...s].map((ch) => `&#00${ch.codePointAt(0)};`).join('');
  // The service's JSON: "/" escaped as "\/".
  const serviceJson = (s: string) => JSON.stringify(s).slice(1, -1).replace(/\//g, '\\/');
  const jsonUnicode = (s: string) =>
    [...s].map((ch) => [...Array(ch.length).keys()].map((i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('')).join('');
  const formEncoded = (s: string) => new URLSearchParams({ k: s }).toString().slice(2);
  const lowerHexPercent = (s: string) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  // The service's Latin-1 JSON: a character outside Latin-1 becomes "?".
  const latin1Json = (s: string) => serviceJson([...s].map((ch) => (ch.codePointAt(0)! > 0xff ? '?' : ch)).join(''));
  // Half one encoding, half another: one occurrence may mix them.
  const mixed = (s: string) => encodeURIComponent(s.slice(0, 6)) + xmlNamed(s.slice(6));

  it.each([
    ['raw', key],
    ['URL-encoded', encodeURIComponent(key)],
    ['URL-encoded, lower-case hex', lowerHexPercent(key)],
    ['form-encoded (+ for space)', formEncoded(key)],
    ['XML named references', xmlNamed(key)],
    ['XML as the service writes it (&#NNN; above U+007F, surrogate pairs)', serviceXml(key)],
    ['XML hex references', xmlHex(key)],
    ['XML decimal references with leading zeros', xmlDecimalPadded(key)],
    ['JSON as the service writes it (\\/)', serviceJson(key)],
    ['JSON \\u escapes', jsonUnicode(key)],
    ['Latin-1 JSON (? for what Latin-1 lacks)', latin1Json(key)],
    ['mixed encodings', mixed(key)],
    ['base64 of email:key', b64],
    ['base64 of email:key, JSON-escaped', b64.replace(/\//g, '\\/')],
    ['base64 of email:key, URL-encoded', encodeURIComponent(b64)],
    ['the Authorization header value', `Basic ${b64}`],
  ])('%s', (_form, text) => {
    expect(text.length).toBeGreaterThan(0);
    for (const wrapped of [
      text,
      `<description>For input string: "${text}"</description>`,
      `{"name":"${text}","x":1}`,
      `GET /x?key=${text}&y=2`,
    ]) {
      const out = r(wrapped);
      expect(out).toContain(REDACTED);
      expect(out).not.toContain(text);
    }
  });
});

describe('short keys: redacted where they stand alone, never inside unrelated words', () => {
  const r = createRedactor(secretsFor('ops@example.com', 'e'));

  it('a one-character key leaves ordinary text alone', () => {
    const text =
      'Retrying in 1.2 s after HTTP 503 from api.example.com (attempt 2 of 4). The service refused the request (code 1003): Invalid developer key for demo@sandbox.masg.test. Check the e-mail, e.g. with `masg whoami`.';
    expect(r(text)).toBe(text);
  });

  it.each([
    ['a query parameter', 'GET /publication/list.xml?key=e&status=ACTIVE', `GET /publication/list.xml?key=${REDACTED}&status=ACTIVE`],
    ['a form body', 'name=e&type=OTHER_APP', `name=${REDACTED}&type=OTHER_APP`],
    ['an XML element', '<name>e</name>', `<name>${REDACTED}</name>`],
    ['an XML element, escaped', '<name>&#101;</name>', `<name>${REDACTED}</name>`],
    ['a JSON string', '{"name":"e"}', `{"name":"${REDACTED}"}`],
    ['a JSON string, \\u-escaped', '{"name":"\\u0065"}', `{"name":"${REDACTED}"}`],
    ['a quoted value in a service message', 'For input string: "e"', `For input string: "${REDACTED}"`],
    ['a line of its own', 'e', REDACTED],
    ['the end of a sentence', 'No such format: e.', `No such format: ${REDACTED}.`],
    ['a list', 'formats=banner,e,text', `formats=banner,${REDACTED},text`],
  ])('%s', (_where, text, expected) => {
    expect(r(text)).toBe(expected);
  });

  it(`the rule applies below ${SHORT_SECRET_LENGTH} characters; longer keys are hidden even inside a word`, () => {
    const short = 'k'.repeat(SHORT_SECRET_LENGTH - 1);
    const long = 'k'.repeat(SHORT_SECRET_LENGTH);
    expect(createRedactor([short])(`x${short}x ${short}`)).toBe(`x${short}x ${REDACTED}`);
    expect(createRedactor([long])(`x${long}x`)).toBe(`x${REDACTED}x`);
  });

  it('a key made of punctuation is still matched as a whole token only', () => {
    const amp = createRedactor(['&']);
    expect(amp('a=1&b=2')).toBe('a=1&b=2');
    expect(amp('key=%26')).toBe(`key=${REDACTED}`);
    expect(amp('<name>&amp;</name>')).toBe(`<name>${REDACTED}</name>`);
  });

  it("every redactor hides an MCP bearer token by its shape, whoever's it is, with or without secrets of its own", () => {
    const bearer = `${MCP_TOKEN_PREFIX}${Buffer.alloc(32, 0xfb).toString('base64url')}`;
    for (const r of [createRedactor([]), createRedactor(secretsFor(EMAIL, KEY)), redactor(['other-secret'])]) {
      expect(r(`Authorization: Bearer ${bearer}\n"account":"${bearer}"`)).toBe(
        `Authorization: Bearer ${REDACTED}\n"account":"${REDACTED}"`,
      );
      expect(r(`${MCP_TOKEN_PREFIX}short`)).toBe(`${MCP_TOKEN_PREFIX}short`);
    }
    expect(createRedactor(secretsFor(EMAIL, KEY))(`${KEY} ${bearer}`)).toBe(`${REDACTED} ${REDACTED}`);
  });
});

describe("a command's one redactor over its growing list of secrets", () => {
  it('redacts a secret that joined the list after the redactor was made, and every one before it', () => {
    const secrets: string[] = [];
    const redact = redactorOf(secrets);
    expect(redact('key-of-a-0001 key-of-b-0002')).toBe('key-of-a-0001 key-of-b-0002');
    secrets.push('key-of-a-0001');
    expect(redact('key-of-a-0001 key-of-b-0002')).toBe(`${REDACTED} key-of-b-0002`);
    secrets.push('key-of-b-0002');
    expect(redact('key-of-a-0001 key-of-b-0002')).toBe(`${REDACTED} ${REDACTED}`);
  });

  it('is one redactor per list, whoever asks for it, and another for another list', () => {
    const secrets = ['key-of-a-0001'];
    expect(redactorOf(secrets)).toBe(redactorOf(secrets));
    expect(redactorOf([...secrets])).not.toBe(redactorOf(secrets));
    expect(redactorOf([])('masg_mcp_abcdefghijklmnopqrstuvwxyz')).toBe(REDACTED);
  });
});
