// `masg mcp --http [HOST:]PORT`: the same tools over Streamable HTTP at /mcp, served by the SDK's
// own handler (createMcpHandler: 2026-07-28 per request, 2025-era clients through its stateless
// fallback). Each request passes the gate first (gate.ts), then gets a server built for its token:
// the token's accounts only (Accounts.only), no write tool for a read-only token, confirmations bound
// to the token. One log line per request on stderr; every byte written there is redacted.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../core/errors.js';
import { sanitizeForDisplay } from '../output/sanitize.js';
import type { McpToken } from '../config/mcp-tokens.js';
import type { Accounts } from './accounts.js';
import { createGate, type Gate } from './gate.js';
import { createServer } from './server.js';
import type { ToolSpec } from './tool.js';
import { touchToken } from '../config/mcp-tokens.js';

/** Tool inputs are small; a body over this is answered 413 before it is parsed. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const ENDPOINT_PATH = '/mcp';

/** What --http and its flags ask for, as the command line gives it. */
export interface HttpFlags {
  listen: string;
  tlsCert?: string;
  tlsKey?: string;
  behindProxy?: boolean;
  publicUrl?: string;
  ratePerMinute: number;
}

/** The flags checked once (checkHttp), with the address parsed. */
export interface HttpSettings extends HttpFlags {
  host: string;
  port: number;
}

export interface HttpOptions extends HttpSettings {
  allowWrites: boolean;
  configDir: string;
  version: string;
  warehouse?: ToolSpec[];
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** --http and its flags, parsed and checked once, by the command, before anything is started or listens. */
export function checkHttp(flags: HttpFlags): HttpSettings {
  const { host, port } = parseListen(flags.listen);
  checkExposure(host, flags);
  return { ...flags, host, port };
}

/** `PORT`, `HOST:PORT` or `[V6]:PORT`. */
function parseListen(spec: string): { host: string; port: number } {
  const m = /^(?:(\[[0-9a-f:.]+\]|[^:[\]]+):)?(\d{1,5})$/i.exec(spec.trim());
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65535)
    throw new UsageError(`--http: "${spec}" is not [HOST:]PORT, e.g. 8765, 127.0.0.1:8765 or 0 for a free port.`, { field: '--http' });
  return { host: (m[1] ?? '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

/**
 * Plain HTTP is for loopback only: anywhere else the token would cross the network in the clear.
 * Beyond loopback the listen address (0.0.0.0, a LAN address) is not what clients type, so the
 * address they use must be said: Host and Origin are checked against it and the resource is named
 * by it. It is https unless it names loopback.
 */
function checkExposure(host: string, opts: HttpFlags): void {
  if ((opts.tlsCert === undefined) !== (opts.tlsKey === undefined))
    throw new UsageError('--tls-cert and --tls-key go together: give both files.', { field: opts.tlsCert ? '--tls-key' : '--tls-cert' });
  const publicUrl = opts.publicUrl === undefined ? undefined : checkPublicUrl(opts.publicUrl);
  if (LOOPBACK.test(host)) return;
  if (opts.tlsCert === undefined && !opts.behindProxy)
    throw new UsageError(`--http: ${host} is not a loopback address, and plain HTTP there would send every token in the clear.`, {
      field: '--http',
      hint: 'Give --tls-cert and --tls-key, or --behind-proxy --public-url https://HOST when a TLS-terminating proxy is in front.',
    });
  if (publicUrl === undefined)
    throw new UsageError(
      `--public-url: needed when --http listens on ${host}, not a loopback address: clients reach it by another name, ` +
        'and Host and Origin are checked against the one given here (without it every request would be refused 403).',
      { field: '--public-url', hint: "e.g. --public-url https://mcp.example.com, the address in the clients' configuration." },
    );
}

/** `https://HOST[:PORT]` (http only for a loopback host): masg serves ENDPOINT_PATH under it. */
function checkPublicUrl(text: string): URL {
  const url = /^https?:\/\/[^/]+\/?$/i.test(text) ? new URL(text) : undefined;
  if (url === undefined)
    throw new UsageError(`--public-url: "${text}" is not a URL such as https://mcp.example.com (masg serves ${ENDPOINT_PATH} under it).`, {
      field: '--public-url',
    });
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname))
    throw new UsageError(`--public-url: "${text}" is plain HTTP: clients would send their token in the clear.`, {
      field: '--public-url',
      hint: `Use https://${url.host}.`,
    });
  return url;
}

interface Logged {
  token: string;
  tool: string;
}

/** A field of the log line as one word of inert text: no control, no space, at most LOG_FIELD_CHARS. */
function logField(text: string): string {
  const word = sanitizeForDisplay(text).replace(/\s/g, '_');
  return word.length > LOG_FIELD_CHARS ? `${word.slice(0, LOG_FIELD_CHARS)}…` : word || '-';
}
const LOG_FIELD_CHARS = 120;

/** The JSON-RPC method (and tool) of a body, for the log line only. */
function describe(body: string): string {
  try {
    const msg = JSON.parse(body) as { method?: unknown; params?: { name?: unknown } };
    if (typeof msg.method !== 'string') return Array.isArray(msg) ? 'batch' : 'response';
    return msg.method === 'tools/call' && typeof msg.params?.name === 'string' ? `tools/call:${msg.params.name}` : msg.method;
  } catch {
    return 'unparsed';
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  return headers;
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(response.status, headers);
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
  }
  res.end();
}

export interface HttpServing {
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(accounts: Accounts, stderr: NodeJS.WritableStream, opts: HttpOptions): Promise<HttpServing> {
  const { host, port } = opts;
  const sdk = await import('@modelcontextprotocol/server');
  const tls =
    opts.tlsCert !== undefined
      ? { cert: await readTls(opts.tlsCert, '--tls-cert'), key: await readTls(opts.tlsKey!, '--tls-key') }
      : undefined;
  const node: Server = tls ? (await import('node:https')).createServer(tls) : (await import('node:http')).createServer();
  node.listen(port, host);
  await Promise.race([
    once(node, 'listening'),
    once(node, 'error').then(([err]) => Promise.reject(listenError(err as NodeJS.ErrnoException, opts.listen))),
  ]);
  const bound = (node.address() as AddressInfo).port;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const origin = opts.publicUrl?.replace(/\/$/, '') ?? `${tls ? 'https' : 'http'}://${hostPart}:${bound}`;
  const endpoint = new URL(ENDPOINT_PATH, origin);
  // The address clients use; beyond loopback that is --public-url's, never the listen address (0.0.0.0).
  const hosts = [...new Set([endpoint.hostname, ...(LOOPBACK.test(host) ? sdk.localhostAllowedHostnames() : [])])];
  const gate = await createGate({ endpoint, hosts, configDir: opts.configDir, ratePerMinute: opts.ratePerMinute });
  // Each line's text may quote the client (a JSON-RPC method, a header in an SDK error): no control
  // character or newline of theirs reaches the log, so no request can forge or rewrite a line.
  const log = (line: string) => void stderr.write(`${new Date().toISOString()} ${sanitizeForDisplay(line)}\n`);
  const handler = sdk.createMcpHandler(
    ({ authInfo }) => {
      const token = (authInfo!.extra as { token: McpToken }).token;
      return createServer(token.accounts === '*' ? accounts : accounts.only(token.accounts, { token: true }), {
        version: opts.version,
        allowWrites: opts.allowWrites && !token.readOnly,
        // The warehouse holds every synced account and its tools cannot be narrowed to some:
        // only a token for every profile is offered them.
        warehouse: token.accounts === '*' ? opts.warehouse : undefined,
        principal: token.sha256,
      });
    },
    { maxRequestBodySize: MAX_BODY_BYTES, onerror: (err) => log(`mcp error: ${err.message}`) },
  );
  node.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const logged: Logged = { token: '-', tool: req.method ?? '-' };
    res.once('close', () => {
      const ms = Math.round(performance.now() - started);
      log(`${logField(logged.token)} ${logField(logged.tool)} ${res.statusCode}${res.writableFinished ? '' : ' (cut)'} ${ms}ms`);
    });
    handle(req, res, { gate, handler, endpoint, logged, configDir: opts.configDir }).catch((err: unknown) => {
      log(`mcp error: ${(err as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end();
    });
  });
  const where = opts.publicUrl === undefined ? '' : ` (listening on ${hostPart}:${bound})`;
  stderr.write(`masg mcp: serving ${endpoint.href}${where} (tokens: masg mcp token create NAME). Ctrl-C stops it.\n`);
  return {
    url: endpoint.href,
    close: async () => {
      const closed = new Promise((resolve) => node.close(resolve));
      node.closeAllConnections();
      await handler.close().catch(() => undefined);
      await closed;
    },
  };
}

interface Handling {
  gate: Gate;
  handler: { fetch(request: Request, options?: { authInfo?: unknown }): Promise<Response> };
  endpoint: URL;
  logged: Logged;
  configDir: string;
}

async function handle(req: IncomingMessage, res: ServerResponse, h: Handling): Promise<void> {
  const url = new URL(req.url ?? '/', h.endpoint);
  const abort = new AbortController();
  res.once('close', () => abort.abort());
  const bare = new Request(url, { method: req.method, headers: headersOf(req), signal: abort.signal });
  const doc = h.gate.metadata(bare);
  if (doc) return send(res, doc);
  if (url.pathname !== h.endpoint.pathname) return send(res, Response.json({ error: 'not_found' }, { status: 404 }));
  const passed = await h.gate.check(bare);
  if (passed instanceof Response) {
    req.resume();
    return send(res, passed);
  }
  h.logged.token = passed.token.name;
  // Last use is a note for `token list`: a failure to write it never fails the request.
  void touchToken(h.configDir, passed.token).catch(() => undefined);
  const body = req.method === 'POST' ? await readBody(req) : undefined;
  if (body === 'too-large') {
    req.resume();
    return send(
      res,
      Response.json({ error: 'too_large', error_description: `The body is over ${MAX_BODY_BYTES} bytes.` }, { status: 413 }),
    );
  }
  if (body !== undefined) h.logged.tool = describe(body.toString('utf8'));
  const request = new Request(url, { method: req.method, headers: bare.headers, body, signal: abort.signal });
  return send(res, await h.handler.fetch(request, { authInfo: passed.auth }));
}

async function readTls(path: string, field: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    throw new UsageError(`${field}: cannot read ${path}: ${(err as Error).message}`, { field });
  }
}

function listenError(err: NodeJS.ErrnoException, spec: string): Error {
  const why = err.code === 'EADDRINUSE' ? 'the port is in use' : err.code === 'EACCES' ? 'not allowed (a port below 1024?)' : err.message;
  return new UsageError(`--http: cannot listen on ${spec}: ${why}.`, { field: '--http' });
}
