// Many requests given one long-lived signal (a command's Ctrl-C, an account's cancellation) each
// wait out a 429's Retry-After on a signal of its own: the shared signal never gathers a listener
// per request (past 10, Node prints MaxListenersExceededWarning on stderr), and its abort still
// ends every wait. The real sandbox over HTTP; the waits are cut by the abort, never sat out.
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterruptedError } from '../../src/core/errors.js';
import { listPublications } from '../../src/endpoints/publications.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { HostGates } from '../../src/transport/host-gate.js';
import { createTransport } from '../../src/transport/transport.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** More requests at once than Node's default of 10 listeners per signal: what --concurrency 16 sends. */
const AT_ONCE = 16;

describe('requests that share one signal', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    // Every request refused "for 30 s": less than masg's 60 s, so each one sleeps it out.
    sandbox = await startSandbox({ seed: 7, faults: { rates: { '429': 1 }, retryAfter: 30 } });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('each waits out its Retry-After without a listener on the shared signal; the abort ends them all, no Node warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const controller = new AbortController();
    let retrying = 0;
    let allWaiting!: () => void;
    const waiting = new Promise<void>((resolve) => (allWaiting = resolve));
    const client = createTransport({
      baseUrl: sandbox.url,
      ...sandbox.demo,
      retries: 1,
      signal: controller.signal,
      hostGates: new HostGates(),
      // Said just before each request's wait begins.
      notice: () => ++retrying === AT_ONCE && allWaiting(),
    });
    try {
      const pending = Array.from({ length: AT_ONCE }, () =>
        listPublications(client)
          .toArray()
          .catch((e: unknown) => e),
      );
      await waiting;
      await new Promise((resolve) => setImmediate(resolve));
      expect(sandbox.requests.filter((r) => r.status === 429)).toHaveLength(AT_ONCE);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      controller.abort();
      const outcomes = await Promise.all(pending);
      expect(outcomes.filter((e) => e instanceof InterruptedError)).toHaveLength(AT_ONCE);
      expect(sandbox.requests).toHaveLength(AT_ONCE); // no second attempt: the waits were cut, not sat out
    } finally {
      process.off('warning', onWarning);
      await client.close();
    }
    expect(warnings).toEqual([]);
  });
});
