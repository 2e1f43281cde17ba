// The base URL is where the developer key goes on every request, so it is checked first: a typo must not
// reach the wrong host, and Basic auth (base64, not encryption) must never cross a network in the clear.
import { UsageError } from '../core/errors.js';
import { REDACTED } from '../core/redact.js';

/** Validate and normalise a base URL; `field` names where it came from (flag, variable, profile) so the user knows what to fix. */
export function checkBaseUrl(raw: string, field = '--base-url'): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UsageError(`${field} is not a valid URL: ${JSON.stringify(hideUserinfo(raw))}.`, {
      field,
      hint: 'Use the form https://host[:port][/path-prefix].',
    });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${field} must be an http:// or https:// URL, not ${url.protocol}//.`, { field });
  }
  // Never echo the URL here: the password part is exactly what must not reach a terminal log.
  if (url.username !== '' || url.password !== '') {
    throw new UsageError(`${field} must not contain a user name or password.`, {
      field,
      hint: 'masg sends the e-mail and developer key itself; use `masg login` or MASG_EMAIL and MASG_DEVELOPER_KEY.',
    });
  }
  // `new URL('https://h/?').search` is '' although the '?' is there, hence the raw-text check.
  if (url.search !== '' || url.hash !== '' || raw.includes('?') || raw.includes('#')) {
    throw new UsageError(`${field} must not contain a query (?…) or fragment (#…): ${JSON.stringify(raw)}.`, {
      field,
    });
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(`${field} uses plain http:// to ${url.hostname}: the developer key would cross the network unencrypted.`, {
      field,
      hint: 'Use https://. Plain http:// is allowed only to loopback addresses (localhost, 127.0.0.0/8, [::1]).',
    });
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** A URL fit for a message: user information (up to the last `@`) is hidden after its first `:`, or whole (a pasted token). */
export function hideUserinfo(raw: string): string {
  const at = raw.lastIndexOf('@');
  if (at < 0) return raw;
  const start = /^\s*[a-z][a-z0-9+.-]*:\/\//i.exec(raw)?.[0].length ?? 0;
  if (start > at) return raw;
  const userinfo = raw.slice(start, at);
  const colon = userinfo.indexOf(':');
  const shown = colon < 0 ? REDACTED : `${userinfo.slice(0, colon)}:${REDACTED}`;
  return raw.slice(0, start) + shown + raw.slice(at);
}

/** Whether a `URL.hostname` is loopback; `*.localhost` is left out: resolvers need not keep it on the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost') return true;
  // The WHATWG parser already turned 127.1, 0x7f.0.0.1 and 2130706433 into 127.x.y.z.
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (host === '[::1]') return true;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is compressed by the parser to [::ffff:7fxx:xxxx].
  return /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}
