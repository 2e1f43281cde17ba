import { describe, expect, it } from 'vitest';
import { checkBaseUrl, hideUserinfo, isLoopbackHost } from '../../src/config/base-url.js';
import { UsageError } from '../../src/core/errors.js';

function refusal(url: string, field?: string): UsageError {
  try {
    checkBaseUrl(url, field);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error(`expected ${url} to be refused`);
}

describe('checkBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://127.5.5.5/', 'http://127.5.5.5'],
    ['http://[::1]:3000/api/', 'http://[::1]:3000/api'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://LOCALHOST', 'http://localhost'],
    ['http://127.1:9', 'http://127.0.0.1:9'], // short IPv4 form, normalised by the URL parser
    ['http://[::ffff:127.0.0.1]', 'http://[::ffff:7f00:1]'],
    ['https://api.example.com', 'https://api.example.com'],
    ['https://API.Example.com:443/v1/', 'https://api.example.com/v1'],
    ['https://10.0.0.1:8443/prefix//', 'https://10.0.0.1:8443/prefix'],
  ])('accepts %s as %s', (input, normalised) => {
    expect(checkBaseUrl(input)).toBe(normalised);
  });

  it.each([
    'http://10.0.0.1',
    'http://api.example.com',
    'http://192.168.1.10:8080',
    'http://[::2]',
    'http://127.0.0.1.nip.io',
    'http://localhost.evil.com',
    'http://foo.localhost',
    'http://128.0.0.1',
  ])('refuses plain http to non-loopback %s', (url) => {
    const e = refusal(url);
    expect(e.message).toMatch(/plain http:\/\//);
    expect(e.field).toBe('--base-url');
  });

  it('names the field the value came from', () => {
    expect(refusal('http://10.0.0.1', 'MASG_BASE_URL').field).toBe('MASG_BASE_URL');
    expect(refusal('not a url', 'MASG_BASE_URL').message).toMatch(/^MASG_BASE_URL is not a valid URL/);
  });

  it.each(['', 'api.example.com', 'ftp://api.example.com', 'file:///etc/passwd', 'javascript:alert(1)'])(
    'refuses %j (not an http(s) URL)',
    (url) => {
      refusal(url);
    },
  );

  it('refuses credentials without echoing them', () => {
    const e = refusal('https://me%40x.io:hunter2secret@api.example.com');
    expect(e.message).toMatch(/user name or password/);
    expect(`${e.message} ${e.hint}`).not.toContain('hunter2secret');
    refusal('https://user@api.example.com');
  });

  it.each([
    ['a space in the host', 'https://ops:hunter2secret@api example.com/v1', 'https://ops:[REDACTED]@api example.com/v1'],
    ['a "/" in the password', 'https://ops:hunter2/secret@api.example.com', 'https://ops:[REDACTED]@api.example.com'],
    ['an "@" in the password', 'https://ops:hunter2@secret@api example.com', 'https://ops:[REDACTED]@api example.com'],
    ['a token as the user name', 'https://hunter2secret@api example.com', 'https://[REDACTED]@api example.com'],
  ])('an invalid URL is quoted with its password hidden: %s', (_what, url, shown) => {
    const e = refusal(url, 'MASG_BASE_URL');
    expect(e.message).toBe(`MASG_BASE_URL is not a valid URL: ${JSON.stringify(shown)}.`);
    expect(`${e.message} ${e.hint}`).not.toMatch(/hunter2|secret/);
  });

  it('hideUserinfo leaves URLs without "@" alone, and over-hides rather than under-hides', () => {
    for (const url of ['https://api example.com/v1', 'not a url']) expect(hideUserinfo(url)).toBe(url);
    expect(hideUserinfo('ops:hunter2@api example.com')).toBe('ops:[REDACTED]@api example.com');
    expect(hideUserinfo('https://api.example.com/path/@x')).toBe('https://[REDACTED]@x');
  });

  it.each(['https://api.example.com/?', 'https://api.example.com/?a=1', 'https://api.example.com/#x', 'https://api.example.com#'])(
    'refuses a query or fragment: %s',
    (url) => {
      expect(refusal(url).message).toMatch(/query|fragment/);
    },
  );
});

describe('isLoopbackHost', () => {
  it('covers 127.0.0.0/8, ::1 and localhost only', () => {
    for (const h of ['127.0.0.1', '127.255.255.254', '[::1]', 'localhost']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['10.0.0.1', '0.0.0.0', '[::]', 'localhost6', 'example.com', '127.0.0.1.example.com']) {
      expect(isLoopbackHost(h)).toBe(false);
    }
  });
});
