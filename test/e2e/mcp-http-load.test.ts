// The built `masg mcp --http` under a team's load: 20 SDK clients at once, 5 tool calls each, every
// answer with the right totals, the server's peak RSS (its own VmHWM) within 300 MB; Ctrl-C then
// ends it with 130. The MCP Inspector's CLI lists the tools over HTTP with a bearer token.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../commands/harness.js';
import { spawnMasg } from '../helpers/binary.js';
import { connect, startPair, type Pair } from '../mcp/http-helpers.js';
import { structured } from '../mcp/helpers.js';

// As mcp-stdio.test.ts runs it: the pinned Inspector through npx, on the Node releases it supports.
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
const [major, minor] = process.versions.node.split('.').map(Number);
const INSPECTOR_SKIP =
  major > 22 || (major === 22 && minor >= 19) ? undefined : `Node ${process.versions.node}; the Inspector needs 22.19+`;
const DAY = '2024-06-14';
const CLIENTS = 20;
const CALLS = 5;

let p: Pair;
let child: ChildProcess;
let url: string;
let stderr: () => string;

beforeAll(async () => {
  p = await startPair();
  const server = spawnMasg(['--profile', 'a', 'mcp', '--http', '127.0.0.1:0'], { env: p.env, stdout: 'ignore' });
  ({ child, stderr } = server);
  url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', () => {
      const m = /serving (\S+\/mcp)/.exec(stderr());
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr()}`)));
  });
}, 30_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await p?.close();
  removeTempDirs();
});

/** The kernel's high-water mark of the server's resident memory, in MB. */
function peakRssMb(pid: number): number {
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  return kb / 1024;
}

describe('masg mcp --http, built, under load', () => {
  it(`answers ${CLIENTS} clients at once, ${CALLS} calls each, with the right totals, within 300 MB`, async () => {
    const token = await p.token('team', '--profile', 'a');
    const first = await connect(url, token);
    const expected = structured<{ totals: Record<string, string> }>(
      await first.callTool({ name: 'publisher_stats', arguments: { date: DAY } }),
    ).totals;
    await first.close();
    const clients = await Promise.all(Array.from({ length: CLIENTS }, () => connect(url, token)));
    const totals = await Promise.all(
      clients.map(async (c) => {
        const seen: Array<Record<string, string>> = [];
        for (let i = 0; i < CALLS; i++)
          seen.push(
            structured<{ totals: Record<string, string> }>(await c.callTool({ name: 'publisher_stats', arguments: { date: DAY } })).totals,
          );
        return seen;
      }),
    );
    expect(totals.flat()).toHaveLength(CLIENTS * CALLS);
    for (const t of totals.flat()) expect(t).toEqual(expected);
    await Promise.all(clients.map((c) => c.close()));
    const peak = peakRssMb(child.pid!);
    expect(peak).toBeLessThanOrEqual(300);
    // The log line is written once the response has closed: the last few may still be on their way,
    // so the count is read again on each of the server's writes to stderr until it is reached.
    const logged = () => stderr().match(/ team tools\/call:publisher_stats 200 /g)?.length ?? 0;
    const all = CLIENTS * CALLS + 1;
    while (logged() < all) await once(child.stderr!, 'data');
    expect(logged()).toBe(all);
  }, 120_000);

  it.skipIf(INSPECTOR_SKIP !== undefined)(
    `lists the tools through the MCP Inspector CLI over HTTP, with the bearer header${INSPECTOR_SKIP ? ` (skipped: ${INSPECTOR_SKIP})` : ''}`,
    async () => {
      const token = await p.token('inspector', '--profile', 'a', '--read-only');
      const run = spawn(
        'npx',
        ['-y', INSPECTOR, '--cli', url, '--transport', 'http', '--header', `Authorization: Bearer ${token}`, '--method', 'tools/list'],
        { stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
      );
      let out = '';
      let err = '';
      run.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
      run.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
      const [code] = (await once(run, 'exit')) as [number];
      expect(code, err).toBe(0);
      const names = (JSON.parse(out.slice(out.indexOf('{'))) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
      expect(names).toContain('publisher_stats');
      expect(names).not.toContain('create_publication');
    },
    120_000,
  );

  it('ends on Ctrl-C with 130, every connection closed', async () => {
    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(130);
    expect(stderr()).not.toMatch(/masg_mcp_[A-Za-z0-9_-]{20}/);
  });
});
