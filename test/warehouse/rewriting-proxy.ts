// A fake service for faults the sandbox does not make: it forwards every request to the sandbox
// over real HTTP and rewrites the body of the answers `rewrite` picks (a key sent twice, a count
// too big for the warehouse), as a misbehaving service would send them.
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Returns the new body, or undefined to pass the answer through unchanged. */
export type Rewrite = (path: string, query: URLSearchParams, body: string) => string | undefined;

export interface RewritingProxy {
  url: string;
  /** How many answers were rewritten. */
  rewritten(): number;
  close(): Promise<void>;
}

async function readBody(res: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRewritingProxy(upstream: string, rewrite: Rewrite): Promise<RewritingProxy> {
  const base = new URL(upstream);
  let count = 0;
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', base.origin);
    const forward = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: base.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        void readBody(answer).then((body) => {
          const changed = rewrite(target.pathname, target.searchParams, body.toString('utf8'));
          const headers = { ...answer.headers };
          delete headers['content-length'];
          delete headers['transfer-encoding'];
          if (changed !== undefined) count++;
          res.writeHead(answer.statusCode ?? 502, headers);
          res.end(changed ?? body);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base.pathname.replace(/\/$/, '')}`,
    rewritten: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The answer's first `<statistics>` element sent twice in a row: the same key twice. */
export function repeatFirstRecord(body: string): string | undefined {
  const m = /<statistics>[\s\S]*?<\/statistics>/.exec(body);
  if (!m) return undefined;
  return body.slice(0, m.index + m[0].length) + m[0] + body.slice(m.index + m[0].length);
}

/** The answer's first count of requests replaced by `value`. */
export function replaceFirstRequests(value: string): (body: string) => string | undefined {
  return (body) =>
    /<requests>\d+<\/requests>/.test(body) ? body.replace(/<requests>\d+<\/requests>/, `<requests>${value}</requests>`) : undefined;
}
