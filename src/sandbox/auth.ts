// HTTP Basic authentication as production checks it; the order of checks decides the code.

import { SandboxError } from './errors.js';
import type { Store } from './store.js';
import type { Account } from './types.js';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function authenticate(header: string | undefined, store: Store, remoteAddress: string | undefined): Account {
  if (header === undefined) throw new SandboxError(1000, 'No Authorization header');
  // "Basic" is compared case-sensitively by production ("basic ..." is malformed).
  const token = header.startsWith('Basic ') ? header.slice(6).trim() : undefined;
  if (!token || !BASE64.test(token)) throw new SandboxError(1001, 'Malformed Authorization header');
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new SandboxError(1001, 'Malformed Authorization header');
  const email = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1);
  // ":key" and "email:" are malformed, not an unknown e-mail or a wrong key.
  if (email === '' || key === '') throw new SandboxError(1001, 'Malformed Authorization header');
  const account = store.accounts.get(email);
  if (!account) throw new SandboxError(1002, `Invalid email: ${email}`);
  if (account.key !== key) throw new SandboxError(1003, `Invalid developer key for ${email}`);
  const ip = (remoteAddress ?? '').replace(/^::ffff:/, '');
  if (account.allowedIps && !account.allowedIps.includes(ip)) {
    throw new SandboxError(1004, `Access from IP address ${ip} is not allowed for ${email}`);
  }
  return account;
}
