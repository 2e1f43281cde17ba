// masg pulse --notify against a local HTTP receiver (127.0.0.1, port 0): the first alert run
// posts once, an identical re-run posts nothing, a cleared alert posts once, a receiver that
// answers 500 leaves the state as it was (exit 6, the report printed all the same), and the URL,
// a secret, appears in no byte of any output.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../commands/harness.js';
import { DAY, startPulseHarness, type PulseHarness } from './helpers.js';
import type { CliRun } from '../helpers/cli.js';

interface Received {
  path: string;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

let h: PulseHarness;
let receiver: Server;
let received: Received[] = [];
/** What the receiver answers next (a status per request); 200 when empty. */
let answers: number[] = [];
let url: string;
const SECRET = 'T0SECRET/B0SECRET/xoxSecretToken123';
const runs: CliRun[] = [];

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  h = await startPulseHarness((state) => {
    // Slack's markup characters in a name: escaped in the payload, never a link or a mention.
    state.campaigns.find((c) => c.name === 'Spring Sale')!.name = 'Spring Sale <!channel> & <http://x|y>';
  });
  receiver = createServer((req, res) => {
    void read(req).then((text) => {
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: JSON.parse(text) as Record<string, unknown> });
      res.statusCode = answers.shift() ?? 200;
      res.end(res.statusCode === 200 ? 'ok' : 'server error');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/services/${SECRET}`;
}, 30_000);
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await h.close();
  removeTempDirs();
});
beforeEach(() => {
  received = [];
  answers = [];
});

/** One run of the pulse with --notify; every run's output is kept for the URL check at the end. */
async function pulse(extra: string[] = [], env: Record<string, string> = {}): Promise<CliRun> {
  const run = await h.masg(['pulse', '--date', DAY, '-o', 'json', '--notify', url, ...extra], { env });
  runs.push(run);
  return run;
}

const stateFiles = () => {
  const dir = join(h.env.MASG_CONFIG_DIR, 'pulse');
  return existsSync(dir) ? readdirSync(dir).filter((n) => !n.endsWith('.lock')) : [];
};
const state = () => readFileSync(join(h.env.MASG_CONFIG_DIR, 'pulse', stateFiles()[0]), 'utf8');

describe('posted once per change', () => {
  test('no alert, nothing to say: nothing posted, exit 0', async () => {
    const run = await pulse();
    expect(run.code).toBe(0);
    expect(received).toEqual([]);
  });

  test('the first alert run posts once: Slack text and blocks, names escaped for mrkdwn; exit 9', async () => {
    await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
    await h.sandbox.incident({ kind: 'overspend', id: h.ids.campaign, day: DAY, factor: 4 });
    const run = await pulse();
    expect(run.code).toBe(9);
    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post.path).toBe(`/services/${SECRET}`);
    expect(post.contentType).toMatch(/^application\/json/);
    expect(post.body.text).toMatch(/^masg pulse of 2024-06-14 for .+: \d+ new alerts$/);
    const blocks = post.body.blocks as Array<{ type: string; text: { type: string; text: string } }>;
    expect(blocks.every((b) => b.type === 'section' && b.text.type === 'mrkdwn')).toBe(true);
    const text = blocks.map((b) => b.text.text).join('\n');
    expect(text).toContain('*ALERT* outage: Ad slot "Header banner"');
    expect(text).toContain('Spring Sale &lt;!channel&gt; &amp; &lt;http://x|y&gt;');
    expect(text).not.toContain('<!channel>');
    const report = JSON.parse(run.stdout) as { findings: unknown[] };
    expect(report.findings.length).toBeGreaterThan(0);
    expect(stateFiles()).toHaveLength(1);
  });

  test('an identical re-run posts nothing; exit 9 still', async () => {
    const before = state();
    const run = await pulse();
    expect(run.code).toBe(9);
    expect(received).toEqual([]);
    expect(state()).toBe(before);
  });

  test('a receiver that answers 500 (after the retries): exit 6, the report printed, the state as it was', async () => {
    await h.sandbox.incident({ kind: 'earnings-drop', id: h.ids.publication, day: DAY, factor: 0.4 });
    const before = state();
    answers = [500, 500, 500];
    const run = await pulse(['--retries', '2']);
    expect(received).toHaveLength(3); // the first try and two retries
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/The notification could not be posted: the webhook answered HTTP 500/);
    expect((JSON.parse(run.stdout) as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
    expect(state()).toBe(before);
  });

  test('the next run posts what the failed one could not, once', async () => {
    const run = await pulse();
    expect(run.code).toBe(9);
    expect(received).toHaveLength(1);
    expect(received[0].body.text).toMatch(/: 1 new alert$/);
    expect(JSON.stringify(received[0].body.blocks)).toContain('Weather');
    received = [];
    await pulse();
    expect(received).toEqual([]);
  });

  test('a cleared alert posts once', async () => {
    await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY, factor: 1 });
    await pulse();
    expect(received).toHaveLength(1);
    expect(received[0].body.text).toMatch(/: 1 cleared$/);
    expect(JSON.stringify(received[0].body.blocks)).toMatch(/cleared\* outage \(requests\): Ad slot \*Header banner\*/);
    received = [];
    await pulse();
    expect(received).toEqual([]);
  });

  test('--notify-format json posts the -o json contract and its changes; MASG_NOTIFY_URL with a bare --notify', async () => {
    await h.sandbox.incident({ kind: 'slot-outage', id: h.ids.slot, day: DAY });
    const run = await h.masg(['pulse', '--date', DAY, '--notify', '--notify-format', 'json', '-o', 'json'], {
      env: { MASG_NOTIFY_URL: url },
    });
    runs.push(run);
    expect(run.code).toBe(9);
    expect(received).toHaveLength(1);
    const body = received[0].body as {
      date: string;
      findings: unknown[];
      changes: { raised: Array<{ kind: string }>; cleared: unknown[] };
    };
    expect(body.date).toBe(DAY);
    expect(body.findings.length).toBeGreaterThan(0);
    expect(body.changes.raised.map((f) => f.kind)).toEqual(['outage']);
    expect(body.changes.cleared).toEqual([]);
  });
});

describe('the URL is a secret', () => {
  test('refused flags never quote it', async () => {
    const bad = 'ftp://user:pw@127.0.0.1/NOTAWEBHOOKSECRET';
    const refused = await h.masg(['pulse', '--date', DAY, '--notify', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--notify: the webhook is not an http:// or https:// URL');
    expect(refused.stderr + refused.stdout).not.toContain('NOTAWEBHOOKSECRET');
    const none = await h.masg(['pulse', '--date', DAY, '--notify']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/MASG_NOTIFY_URL/);
  });

  test('an unreachable webhook (refused connection): exit 6, the URL in no message, in -o json and on the screen, --debug included', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await h.sandbox.incident({ kind: 'earnings-drop', id: h.ids.publication, day: DAY, factor: 0.3 });
    const dead = `http://127.0.0.1:${port}/services/${SECRET}`;
    for (const argv of [['-o', 'json'], ['--debug'], []]) {
      const run = await h.masg(['pulse', '--date', DAY, '--notify', dead, '--retries', '0', ...argv], { tty: argv.length === 0 });
      runs.push(run);
      expect(run.code).toBe(6);
      expect(run.stderr).toMatch(/could not be reached/);
    }
  });

  test('no byte of any run of this file holds the URL or its secret path', () => {
    expect(runs.length).toBeGreaterThan(8);
    for (const run of runs) {
      for (const text of [run.stdout, run.stderr]) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain('B0SECRET');
        expect(text).not.toContain(encodeURIComponent(SECRET));
      }
    }
  });
});
