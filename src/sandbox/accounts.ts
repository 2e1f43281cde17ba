// The sandbox's fixed accounts, public by design. The second key contains ":" on purpose:
// production allows it, and clients must split Basic credentials at the first colon only.

import type { Account } from './types.js';

export const DEMO: Account = { email: 'demo@sandbox.masg.test', key: 'demo-developer-key', timeZone: 'America/New_York' };
export const OTHER: Account = { email: 'other@sandbox.masg.test', key: 'other:developer-key', timeZone: 'Europe/Berlin' };
/** Only usable from 203.0.113.7 (a documentation address), so every request gets error 1004. */
export const RESTRICTED: Account = {
  email: 'restricted@sandbox.masg.test',
  key: 'restricted-developer-key',
  timeZone: 'UTC',
  allowedIps: ['203.0.113.7'],
};

export const ACCOUNTS: Account[] = [DEMO, OTHER, RESTRICTED];
