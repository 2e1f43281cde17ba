// The words a person reads when the network fails: the retry line and the hint after a refusal.
import { describe, expect, it } from 'vitest';
import { failureReason, networkFailure } from '../../src/transport/failures.js';

const coded = (code: string, cause?: unknown) => Object.assign(new Error(code), { code, cause });
const url = new URL('http://127.0.0.1:18099/publication/list.xml');
const opts = { timeoutMs: 30_000, timedOut: false, phase: 'connect' as const };

describe('failureReason (the retry line)', () => {
  it('says what happened in words, with the code beside them', () => {
    // undici's socket error wraps the system's code: the more telling one is named.
    expect(failureReason(coded('UND_ERR_SOCKET', coded('ECONNRESET')), false)).toBe('the connection was reset (ECONNRESET)');
    // undici's own code alone was shown bare before: "after a network error (UND_ERR_SOCKET)".
    expect(failureReason(coded('UND_ERR_SOCKET'), false)).toBe('the connection was closed (UND_ERR_SOCKET)');
    expect(failureReason(coded('ECONNREFUSED'), false)).toBe('the connection was refused (ECONNREFUSED)');
    expect(failureReason(coded('ESOMETHINGNEW'), false)).toBe('a network error (ESOMETHINGNEW)');
    expect(failureReason(new Error('x'), false)).toBe('a network error');
    expect(failureReason(coded('UND_ERR_SOCKET'), true)).toBe('a timeout');
  });
});

describe('hints name every place the base URL can come from', () => {
  it.each([['ECONNREFUSED'], ['ENOTFOUND']])('%s', (code) => {
    const err = networkFailure(coded(code), url, opts);
    // Someone who set MASG_BASE_URL (cron) must not be sent to a flag they never used.
    expect(err.hint).toContain('--base-url, else MASG_BASE_URL, else the profile');
    expect(err.hint).toContain('masg whoami');
  });
});
