// Failures come out as the exported classes with the service's code and the HTTP status; an
// AbortSignal stops a call; and none of it writes a byte to stdout or stderr.
import { describe, expect, it } from 'vitest';
import { ApiError, AuthError, ConfigError, createClient, InterruptedError, MasgError, NetworkError, UsageError } from '../../src/index.js';
import { rejection, useSandbox, watchingOutput } from './setup.js';

const h = useSandbox();

describe('errors are the exported classes, with code and status', () => {
  it('a rejected key is AuthError (code 1003, HTTP 400) and never shows the key', async () => {
    const client = h.make({ key: 'wrong-key-123456' });
    const e = await rejection(client.listPublications().toArray());
    expect(e).toBeInstanceOf(AuthError);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 1003, status: 400, exitCode: 4, name: 'AuthError' });
    expect(String((e as Error).message)).not.toContain('wrong-key-123456');
  });

  it("another account's publication is ApiError 2001; an unknown one 2000", async () => {
    const other = h.make(h.sb.accounts.other);
    const [theirs] = await other.listPublications().toArray();
    expect(await rejection(h.client.getPublication(theirs!.id))).toMatchObject({ name: 'ApiError', code: 2001, status: 400 });
    const unknown = await rejection(h.client.getAdSlot('00000000-0000-0000-0000-000000000000'));
    expect(unknown).toBeInstanceOf(ApiError);
    expect(unknown).toMatchObject({ code: 2000, status: 400, exitCode: 5 });
  });

  it('a statistics request refused by the service rejects the iteration with ApiError', async () => {
    const other = h.make(h.sb.accounts.other);
    const [adv] = await other.listAdvertisers().toArray();
    const [theirs] = await other.listCampaigns(adv!.id).toArray();
    const e = await rejection(h.client.campaignStats(theirs!.id, { from: '2024-01-01', to: '2024-01-02' }).toArray());
    expect(e).toMatchObject({ name: 'ApiError', code: 1600 });
  });

  it('a 503 is NetworkError with status 503; with retries the same call succeeds', async () => {
    h.sb.setFaults({ next: ['503'], path: '/advertisers/list' });
    expect(await rejection(h.client.listAdvertisers().toArray())).toMatchObject({ name: 'NetworkError', status: 503, exitCode: 6 });
    h.sb.setFaults({ next: ['503', '503'], path: '/advertisers/list', retryAfter: 0 });
    const retrying = h.make({ retries: 2 });
    expect(await retrying.listAdvertisers().toArray()).toHaveLength(2);
    h.sb.setFaults(undefined);
  });

  it('nothing listening is NetworkError without a status', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', email: 'a@b.c', key: 'k', retries: 0 });
    const e = await rejection(client.getCampaign('x'));
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).status).toBeUndefined();
    await client.close();
  });

  it('createClient checks its options at once', () => {
    expect(() => createClient({ baseUrl: h.sb.baseUrl, email: 'a@b.c', key: '' })).toThrow(ConfigError);
    const http = (() => {
      try {
        createClient({ baseUrl: 'http://example.com', email: 'a@b.c', key: 'k' });
      } catch (e) {
        return e;
      }
    })();
    expect(http).toBeInstanceOf(UsageError);
    expect((http as UsageError).field).toBe('baseUrl');
    expect(() => createClient({ baseUrl: h.sb.baseUrl, email: 'a@b.c', key: 'k', timeZone: 'Mars/Olympus' })).toThrow(UsageError);
    expect(() => createClient({ baseUrl: h.sb.baseUrl, email: 'a@b.c', key: 'k', retries: -1 })).toThrow(UsageError);
  });
});

describe('AbortSignal', () => {
  it("a call's signal stops it while the service is slow; the client stays usable", async () => {
    h.sb.setFaults({ latencyMs: 5_000, path: '/advertisers/list' });
    try {
      const ctl = new AbortController();
      setTimeout(() => ctl.abort(), 100);
      // Waiting out the 5 s would have resolved with the list: the rejection is the proof.
      const e = await rejection(h.client.listAdvertisers({ signal: ctl.signal }).toArray());
      expect(e).toBeInstanceOf(InterruptedError);
    } finally {
      h.sb.setFaults(undefined);
    }
    expect(await h.client.listAdvertisers().toArray()).toHaveLength(2);
  });

  it("the client's signal stops statistics streams and single calls", async () => {
    h.sb.setFaults({ latencyMs: 5_000, path: '/statistics' });
    const ctl = new AbortController();
    const client = h.make({ signal: ctl.signal });
    try {
      setTimeout(() => ctl.abort(), 100);
      const e = await rejection(client.publicationStats({ from: '2024-01-01', to: '2024-01-02' }).toArray());
      expect(e).toBeInstanceOf(InterruptedError);
    } finally {
      h.sb.setFaults(undefined);
    }
    // Already aborted: refused without waiting for anything.
    expect(await rejection(client.getCampaign('x'))).toBeInstanceOf(InterruptedError);
  });

  it('a call that was never sent because of an abort reports the abort, not a network error', async () => {
    const since = h.mark();
    const e = await rejection(
      h.client.createPublication({ name: 'n', type: 'OTHER_APP', description: 'd', transparent: true }, { signal: AbortSignal.abort() }),
    );
    expect(e).toBeInstanceOf(InterruptedError);
    expect(since()).toEqual([]);
  });
});

describe('silence', () => {
  it('calls, retries, failures and aborts write nothing to stdout or stderr', async () => {
    const debug: string[] = [];
    const { error, writes } = await watchingOutput(async () => {
      const client = h.make({ retries: 2 });
      h.sb.setFaults({ next: ['503', '429'], path: '/publication/list', retryAfter: 0 });
      await client.listPublications().toArray();
      await client.publicationStats({ from: '2024-01-01', to: '2024-01-07', byCountry: true }).toArray();
      await rejection(client.getPublication('00000000-0000-0000-0000-000000000000'));
      await rejection(h.make({ key: 'nope-nope-nope' }).listAdvertisers().toArray());
      await rejection(client.listAdvertisers({ signal: AbortSignal.abort() }).toArray());
      try {
        client.publicationStats({ from: 'soon', to: 'later' });
      } catch (e) {
        if (!(e instanceof MasgError)) throw e;
      }
      // onDebug is the one way to see the traffic, redacted.
      const debugging = h.make({ onDebug: (line) => debug.push(line) });
      await debugging.listAdvertisers().toArray();
    });
    h.sb.setFaults(undefined);
    expect(error).toBeUndefined();
    expect(writes).toEqual([]);
    expect(debug.length).toBeGreaterThan(0);
    expect(debug.join('\n')).not.toContain(h.sb.accounts.demo.key);
    expect(debug.join('\n')).not.toContain(Buffer.from(`${h.sb.accounts.demo.email}:${h.sb.accounts.demo.key}`).toString('base64'));
  });
});
