import { describe, expect, it } from 'vitest';
import { REDACTED, basicCredentials, createRedactor, redactHeaders, redactor, secretsFor } from '../../src/redact.js';

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

  it('leaves the e-mail and other text alone; no secrets means no change', () => {
    expect(redact(`user ${EMAIL}`)).toBe(`user ${EMAIL}`);
    expect(createRedactor([])('abc')).toBe('abc');
    expect(createRedactor(['', 'x'])('axa')).toBe(`a${REDACTED}a`);
    expect(secretsFor(EMAIL, '')).toEqual([]);
  });

  it('headers: Authorization always hidden, other values redacted', () => {
    expect(redactHeaders({ Authorization: `Basic ${token}`, 'proxy-authorization': 'x', 'x-echo': KEY, accept: ['a', 'b'], gone: undefined }, redact)).toEqual({
      Authorization: REDACTED, 'proxy-authorization': REDACTED, 'x-echo': REDACTED, accept: 'a, b',
    });
  });

  it('redactor is the same function (used by the context)', () => {
    expect(redactor([KEY])(KEY)).toBe(REDACTED);
  });
});
