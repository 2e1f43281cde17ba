// masg pulse --notify to a receiver slower than --timeout (a real HTTP server on 127.0.0.1 that
// takes the POST and answers after the timeout), and to one that closes the connection once it
// has the POST: the post may have arrived, so it is sent once, never retried, and recorded, so
// the next run posts nothing (exit 6 for the run that could not confirm it, saying so). Where it
// surely did not arrive (an HTTP 500 answered) it is retried and the next run posts it again, each
// post of one change carrying the same Idempotency-Key.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';

interface Received {
  key: string | undefined;
  text: string;
}

type Behaviour = 'slow' | 'close' | 'fail' | 'ok';

let h: PulseHarness;
let receiver: Server;
let url: string;
let received: Received[] = [];
let behaviour: Behaviour = 'ok';
const ANSWER_AFTER_MS = 2_500; // --timeout 1 (second) below
const pending = new Set<NodeJS.Timeout>();
/** The key of the first change posted, to tell it from another change's. */
let firstKey: string | undefined;

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  h = await startPulseHarness();
  receiver = createServer((req, res) => {
    void read(req).then((body) => {
      received.push({ key: req.headers['idempotency-key'] as string | undefined, text: (JSON.parse(body) as { text: string }).text });
      if (behaviour === 'close') return req.socket.destroy();
      if (behaviour === 'fail') return void res.writeHead(500).end('server error');
      if (behaviour === 'ok') return void res.end('ok');
      // Takes it (a real receiver would post it to the channel now), answers too late.
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!res.destroyed) res.end('ok');
      }, ANSWER_AFTER_MS);
      pending.add(timer);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/slow`;
}, 30_000);
afterAll(async () => {
  for (const t of pending) clearTimeout(t);
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await h.close();
  removeTempDirs();
});
beforeEach(() => {
  received = [];
});

const pulse = () => h.masg(['pulse', '--date', DAY, '-o', 'json', '--notify', url, '--timeout', '1', '--retries', '3']);

describe('a post that may have arrived is posted once', () => {
  test('a receiver that answers after the timeout: 1 POST, not retried; exit 6 saying it may have arrived', async () => {
    behaviour = 'slow';
    await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
    const run = await pulse();
    expect(received).toHaveLength(1);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(
      /The notification may have arrived: the webhook did not answer within 1s after it was sent\. It is not posted again/,
    );
    expect(received[0]!.key).toMatch(/^masg-pulse-[0-9a-f]{32}$/);
    expect(run.stderr).toContain(`Idempotency-Key ${received[0]!.key}`);
    firstKey = received[0]!.key;
    // The report is printed all the same, its alerts in it.
    expect((JSON.parse(run.stdout) as { findings: Array<{ kind: string }> }).findings.map((f) => f.kind)).toContain('outage');
  }, 30_000);

  test('the next run posts nothing: the change was recorded as posted; exit 9 for the alerts', async () => {
    const run = await pulse();
    expect(received).toEqual([]);
    expect(run.code).toBe(9);
  }, 30_000);

  test('a receiver that closes the connection once it has the POST: 1 POST, exit 6; the next run posts nothing', async () => {
    behaviour = 'close';
    await h.sandbox.incident({ kind: 'earnings-drop', id: h.ids.publication, day: DAY, factor: 0.3 });
    const run = await pulse();
    expect(received).toHaveLength(1);
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/The notification may have arrived: no answer came after it was sent/);
    received = [];
    behaviour = 'ok';
    expect((await pulse()).code).toBe(9);
    expect(received).toEqual([]);
  }, 30_000);
});

describe('a post that surely failed is tried again, with the same Idempotency-Key', () => {
  test('HTTP 500 after the retries: exit 6, the next run posts it again, every POST of the change with one key', async () => {
    behaviour = 'fail';
    await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY, factor: 1 }); // cleared: a new change
    const failed = await pulse();
    expect(failed.code).toBe(6);
    expect(failed.stderr).toMatch(/The notification could not be posted: the webhook answered HTTP 500/);
    expect(received).toHaveLength(4); // the first try and 3 retries
    behaviour = 'ok';
    const next = await pulse();
    expect(next.code).toBe(9);
    expect(received).toHaveLength(5);
    expect(received[4]!.text).toMatch(/: \d+ cleared$/);
    expect(received.map((r) => r.text)).toEqual(Array(5).fill(received[4]!.text));
    expect(new Set(received.map((r) => r.key)).size).toBe(1);
    // A key is the change's: another change has another.
    expect(received[0]!.key).toMatch(/^masg-pulse-/);
    expect(received[0]!.key).not.toBe(firstKey);
  }, 60_000);
});
