// `masg mcp --http` in-process on 127.0.0.1:0, with two sandboxes (profiles a and b) over real
// HTTP and a config dir of its own; clients are the SDK's own StreamableHTTPClientTransport.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { main } from '../../src/cli.js';
import type { Io } from '../../src/context.js';
import { openStore } from '../../src/config/conf-store.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runCli, type CliRun } from '../helpers/cli.js';
import { NOW, tempDir } from '../commands/harness.js';

export interface Pair {
  a: Sandbox;
  b: Sandbox;
  dir: string;
  env: Record<string, string>;
  masg(argv: string[]): Promise<CliRun>;
  /** `masg mcp token create NAME …`: the token it printed. */
  token(name: string, ...flags: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function startPair(): Promise<Pair> {
  const [a, b] = await Promise.all([startSandbox({ port: 0, now: () => NOW }), startSandbox({ port: 0, now: () => NOW })]);
  const dir = tempDir('masg-mcp-http-');
  const env = { MASG_CONFIG_DIR: dir, MASG_KEYRING: '0', HOME: '/nonexistent' };
  const store = await openStore(dir, { env });
  for (const [name, s] of [
    ['a', a],
    ['b', b],
  ] as const)
    await store.set(name, { email: s.demo.email, key: s.demo.key, baseUrl: s.url, timezone: 'America/New_York' });
  const masg = (argv: string[]) => runCli(argv, { env });
  return {
    a,
    b,
    dir,
    env,
    masg,
    async token(name, ...flags) {
      const run = await masg(['mcp', 'token', 'create', name, ...flags]);
      if (run.code !== 0) throw new Error(`token create failed: ${run.stderr}`);
      return run.stdout.trim();
    },
    close: async () => {
      await Promise.all([a.close(), b.close()]);
    },
  };
}

export interface HttpServer {
  url: string;
  stderr(): string;
  /** Ctrl-C: resolves with masg's exit code. */
  stop(): Promise<number>;
}

export async function startHttp(argv: string[], env: Record<string, string>): Promise<HttpServer> {
  const stderr = new PassThrough();
  let text = '';
  stderr.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const controller = new AbortController();
  const io: Io = { stdout: new PassThrough(), stderr, stdin: new PassThrough(), env, signal: controller.signal };
  const exit = main(argv, io);
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const m = /serving (\S+\/mcp)/.exec(text);
      if (m) resolve(m[1]);
    };
    stderr.on('data', look);
    void exit.then((code) => reject(new Error(`masg mcp ended with ${code}: ${text}`)));
  });
  return {
    url,
    stderr: () => text,
    stop: async () => {
      controller.abort();
      return exit;
    },
  };
}

export type ClientOptions = { version?: '2026-07-28' };

export async function connect(url: string, token: string, opts: ClientOptions = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  const client = new Client(
    { name: 'masg-http-test', version: '1.0.0' },
    opts.version ? { versionNegotiation: { mode: { pin: opts.version } } } : undefined,
  );
  await client.connect(transport);
  return client;
}

/** Every file under `dir`, as bytes. */
export function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  const out: Array<{ path: string; bytes: Buffer }> = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push({ path, bytes: readFileSync(path) });
  }
  return out;
}

/** A JSON-RPC POST as a client would send it, with the headers given. */
export function rpc(url: string, headers: Record<string, string>, body: unknown = initialize()): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function initialize(): unknown {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  };
}
