// A tiny loopback server for transport and endpoint tests: serves recorded production-style
// bodies from test/fixtures/production and records every request it received. A request no
// route expects gets the container's HTML 404, as production would answer a wrong path.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FIXTURES = new URL('../fixtures/production/', import.meta.url);

export function fixture(name: string): Buffer {
  return readFileSync(new URL(name, FIXTURES));
}

export interface Recorded {
  method: string;
  /** Path without the query string, e.g. "/v1/publication/list.xml". */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export type Reply = { status?: number; type?: string; file?: string; body?: string | Buffer } | Handler;

export const XML = 'text/xml';
export const LATIN1_JSON = 'application/json;charset=ISO-8859-1';

export interface FixtureServer {
  url: string;
  requests: Recorded[];
  /** Route `"GET /v1/publication/list.xml"` to a reply. */
  on(route: string, reply: Reply): void;
  close(): Promise<void>;
}

export async function startFixtureServer(routes: Record<string, Reply> = {}): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fixture');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = table.get(`${req.method} ${url.pathname}`) ?? { status: 404, type: 'text/html', file: 'container-404.html' };
      if (typeof reply === 'function') return reply(req, res);
      const body = reply.file !== undefined ? fixture(reply.file) : (reply.body ?? '');
      res.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? XML, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (route, reply) => void table.set(route, reply),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Headers, then half the body, then the socket is destroyed. */
export function cutMidBody(body: Buffer): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': XML, 'content-length': body.byteLength });
    res.write(body.subarray(0, Math.floor(body.byteLength / 2)));
    setTimeout(() => res.socket?.destroy(), 20);
  };
}

/** Never answers: for timeouts. */
export const hang: Handler = () => undefined;

/** Closes the connection without any response. */
export const slam: Handler = (req) => req.socket.destroy();
