// The STOPPED confirmation names the publications (names read from the service when only IDs
// were given, and from the plan for a bulk file), declining sends nothing, and names from the
// service cannot drive the terminal.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli.js';
import type { Io } from '../../src/context.js';
import { fakeTty } from '../config/fake-tty.js';
import { tempDir, useHarness, type DemoIds, type Harness } from '../commands/harness.js';

/** How long to wait for text to appear: a hang guard, never a speed claim. */
const WAIT_MS = 20_000;

let h: Harness;
let ids: DemoIds;
useHarness((harness, demo) => ((h = harness), (ids = demo)));

/** masg on a (fake) terminal; `reply` is typed once `question` shows on stderr. */
async function onTerminal(argv: string[], question: string, reply: string) {
  const tty = fakeTty();
  Object.assign(tty.stderr, { isTTY: true, columns: 120 });
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const io: Io = {
    stdout,
    stderr: tty.stderr,
    stdin: tty.stdin,
    env: { HOME: '/nonexistent', NO_COLOR: '1', ...h.env },
    signal: new AbortController().signal,
  } as unknown as Io;
  const done = main(argv, io);
  await vi.waitFor(() => expect(tty.output()).toContain(question), { timeout: WAIT_MS, interval: 10 });
  const asked = tty.output();
  tty.stdin.write(reply);
  const code = await done;
  return { code, asked, stdout: out, stderr: tty.output() };
}

const posts = () => h.sent().filter((r) => r.method === 'POST');

describe('the STOPPED confirmation', () => {
  it('one ID: the question names the publication; "n" sends nothing (exit 2)', async () => {
    const pub = ids.pubs['Zebra Tools']!;
    const run = await onTerminal(['pub', 'update', pub.id!, '--status', 'STOPPED'], '[y/N]', 'n\r');
    expect(run.asked).toContain(`Stop publication "Zebra Tools" (${pub.id})?`);
    expect(run.code).toBe(2);
    expect(posts()).toEqual([]);
  });

  it('several IDs: every name listed (with its ID); an unknown ID says so', async () => {
    const [a, b] = [ids.pubs['Zebra Tools']!, ids.pubs['Café Olé Mobile']!];
    const missing = '00000000-0000-4000-8000-000000000000';
    const run = await onTerminal(['pub', 'update', a.id!, b.id!, missing, '--status', 'STOPPED'], '[y/N]', 'n\r');
    expect(run.asked).toContain('Stop 3 publications:');
    expect(run.asked).toContain(`"Zebra Tools" (${a.id})`);
    expect(run.asked).toContain(`"Café Olé Mobile" (${b.id})`);
    expect(run.asked).toContain(`${missing} (name unknown)`);
    expect(run.code).toBe(2);
    expect(posts()).toEqual([]);
  });

  it('a bulk file: names from the plan, without another request', async () => {
    const pub = ids.pubs['Zebra Tools']!;
    const file = join(tempDir(), 'stop.csv');
    writeFileSync(file, `id,status\n${pub.id},STOPPED\n`);
    const run = await onTerminal(['pub', 'update', '--from', file], '[y/N]', 'n\r');
    expect(run.asked).toContain(`Stop publication "Zebra Tools" (${pub.id})?`);
    expect(posts()).toEqual([]);
    expect(h.sent().filter((r) => r.path.startsWith('/publication/list')).length).toBe(1); // the plan's own read
  });

  it('a name with escape sequences is shown inert', async () => {
    const created = JSON.parse(
      (
        await h.masg([
          'pub',
          'create',
          '--name',
          'Evil \u001b]0;pwned\u0007 Name',
          '--type',
          'ANDROID_APP',
          '--description',
          'x',
          '--transparent',
          'false',
          '-o',
          'json',
        ])
      ).stdout,
    );
    const run = await onTerminal(['pub', 'update', created.id, '--status', 'STOPPED'], '[y/N]', 'n\r');
    expect(run.asked).not.toContain('\u001b]0;');
    expect(run.asked).toContain('Name" (');
  });

  it('without a terminal: refused unless --yes, naming the ID, nothing sent', async () => {
    const pub = ids.pubs['Zebra Tools']!;
    const run = await h.masg(['pub', 'update', pub.id!, '--status', 'STOPPED']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`pass --yes to stop publication ${pub.id}`);
    expect(h.sent()).toEqual([]);
  });
});
