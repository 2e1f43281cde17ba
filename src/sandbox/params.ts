// Request parameters as a servlet container gives them: query string first, then an
// application/x-www-form-urlencoded POST body. Other bodies (JSON, XML, multipart) are read and
// ignored, so their parameters appear missing, exactly as in production.

import type { IncomingMessage } from 'node:http';

const MAX_BODY = 16 * 1024 * 1024;

export interface RequestParams {
  query: Record<string, string>;
  form: Record<string, string>;
  /** The merged view the service sees: for a repeated name the first value wins, query first. */
  params: Record<string, string>;
}

function collect(search: URLSearchParams, into: Record<string, string>): void {
  for (const [k, v] of search) if (!(k in into)) into[k] = v;
}

export async function readParams(req: IncomingMessage, url: URL): Promise<RequestParams> {
  const query: Record<string, string> = Object.create(null);
  collect(url.searchParams, query);
  const form: Record<string, string> = Object.create(null);
  const body = await readBody(req);
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (req.method === 'POST' && type.startsWith('application/x-www-form-urlencoded') && body.length > 0) {
    collect(new URLSearchParams(body.toString('utf8')), form);
  }
  const params: Record<string, string> = Object.create(null);
  Object.assign(params, form, query);
  return { query: { ...query }, form: { ...form }, params };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
