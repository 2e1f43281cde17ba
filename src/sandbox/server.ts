// The request pipeline: log, fault dice, parameters, route (parse, authenticate, run, persist), answer.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticate } from './auth.js';
import { SandboxError, crash } from './errors.js';
import { BEFORE_HANDLER, type FaultKind, type Faults } from './faults.js';
import { MAX_BODY, readParams } from './params.js';
import { basicUser, type RequestLog, type SandboxRequestLog } from './request-log.js';
import { match, splitPath } from './router.js';
import type { Country } from './statistics/countries.js';
import type { Store } from './store.js';
import { send, sendMalformed, sendTruncated } from './send.js';
import { errorReply, htmlPage, type Reply } from './wire/reply.js';

export type { SandboxRequestLog };

/** Once per request, when its connection is done with it. */
export type RequestListener = (entry: SandboxRequestLog, ms: number) => void;

export interface PipelineDeps {
  store: Store;
  faults: Faults;
  log: RequestLog;
  onRequest?: RequestListener;
  now: () => Date;
  flavor: 'production' | 'spec';
  countries: Country[];
  basePath: string;
}

const REASONS: Record<number, string> = { 404: 'Not Found', 405: 'Method Not Allowed', 413: 'Payload Too Large' };
const DISCARD_BYTES = 256 * 1024 * 1024;
const DISCARD_MS = 30_000;

export async function handle(req: IncomingMessage, res: ServerResponse, deps: PipelineDeps): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const inBase = url.pathname === deps.basePath || url.pathname.startsWith(`${deps.basePath}/`);
  const path = inBase ? url.pathname.slice(deps.basePath.length) || '/' : url.pathname;
  const entry: SandboxRequestLog = {
    method: req.method ?? '',
    path,
    format: splitPath(path)?.format,
    params: {},
    query: {},
    form: {},
    contentType: req.headers['content-type'],
    userAgent: req.headers['user-agent'],
    email: basicUser(req.headers.authorization),
    status: 0,
  };
  deps.log.add(entry);
  if (deps.onRequest) {
    const started = performance.now();
    const listener = deps.onRequest;
    res.once('close', () => listener(entry, performance.now() - started));
  }
  // The container refuses an announced oversize body before the service (or a fault) sees it.
  if (Number(req.headers['content-length']) > MAX_BODY) return refuseBody(req, res, entry);
  const { fault, latencyMs } = deps.faults.decide(path, senderOf(req.headers.authorization));
  if (fault) entry.fault = fault;
  const rp = await readParams(req, url);
  if (rp.tooLarge) {
    delete entry.fault;
    return refuseBody(req, res, entry);
  }
  Object.assign(entry, { params: { ...rp.params }, query: rp.query, form: rp.form });
  deps.log.measure(entry);
  if (latencyMs > 0) await sleep(latencyMs);
  if (fault && BEFORE_HANDLER.has(fault)) return before(fault, req, res, entry, deps);

  const params = fault === 'drop-tags' ? withoutTags(rp.params) : rp.params;
  const reply = inBase ? await respond(req, path, params, deps) : htmlPage(404, REASONS[404], url.pathname);
  const format = entry.format ?? 'xml';
  if (fault === 'drop-after') return void req.socket.destroy();
  const final = fault === '500' ? errorReply(format, crash()) : reply;
  entry.status = final.status;
  if (fault === 'truncate') return sendTruncated(res, final);
  if (fault === 'malformed') return sendMalformed(res, final);
  try {
    await send(res, final);
  } catch {
    // A bug while streaming a report: headers are out, so all that is left is to cut the body.
    res.destroy();
  }
}

/** The e-mail a request says it is sent as (unchecked: a fault for one account needs no valid key). */
function senderOf(header: string | undefined): string | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(0, colon);
}

/** Production's ad slot handlers read no `tags`. */
function withoutTags(params: Record<string, string>): Record<string, string> {
  const { tags: _dropped, ...rest } = params;
  return rest;
}

async function respond(req: IncomingMessage, path: string, params: Record<string, string>, deps: PipelineDeps): Promise<Reply> {
  const m = match(req.method ?? '', path);
  if (m.kind === 'html') return htmlPage(m.status, REASONS[m.status], path);
  try {
    const input = m.route.parse(params, m.ids);
    if (!m.route.mutates) deps.store.refresh(); // see what other processes sharing the data file committed
    const account = authenticate(req.headers.authorization, deps.store, req.socket.remoteAddress);
    const ctx = { store: deps.store, account, format: m.format, now: deps.now(), flavor: deps.flavor, countries: deps.countries };
    // A 200 means the change is on disk.
    return m.route.mutates ? await deps.store.transact(() => m.route.run(ctx, input)) : m.route.run(ctx, input);
  } catch (err) {
    return errorReply(m.format, err instanceof SandboxError ? err : crash());
  }
}

function before(fault: FaultKind, req: IncomingMessage, res: ServerResponse, entry: SandboxRequestLog, deps: PipelineDeps): void {
  if (fault === 'drop') return void req.socket.destroy();
  if (fault === 'reset') return void req.socket.resetAndDestroy();
  const page =
    fault === '429'
      ? { ...htmlPage(429, 'Too Many Requests', entry.path), headers: { 'Retry-After': String(deps.faults.retryAfter) } }
      : fault === '502'
        ? proxyPage()
        : htmlPage(503, 'Service Unavailable', entry.path);
  entry.status = page.status;
  void send(res, page);
}

/** What a reverse proxy in front of production answers when the service is down. */
function proxyPage(): Reply {
  const body =
    '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n' +
    '<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
  return { status: 502, contentType: 'text/html', body };
}

/**
 * 413 at once, then the rest of the body is read and dropped before closing: closing with unread
 * data sends a reset that can destroy the answer before the client reads it.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, entry: SandboxRequestLog): void {
  entry.status = 413;
  const page = htmlPage(413, REASONS[413], entry.path);
  const body = Buffer.from(page.body as string, 'latin1');
  res.shouldKeepAlive = false;
  res.writeHead(413, { 'Content-Type': page.contentType, 'Content-Length': body.length, Connection: 'close' });
  res.write(body);
  let discarded = 0;
  const finish = (clean: boolean) => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('close', onAbort);
    res.end();
    if (!clean) req.socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) finish(false);
  };
  const onEnd = () => finish(true);
  const onAbort = () => finish(false);
  const timer = setTimeout(() => finish(false), DISCARD_MS);
  timer.unref();
  if (req.readableEnded) return finish(true);
  req.on('data', onData);
  req.once('end', onEnd);
  req.once('close', onAbort);
  req.resume();
}
