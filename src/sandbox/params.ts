// Request parameters as a servlet container gives them: query string first, then an
// application/x-www-form-urlencoded POST body. Other bodies (JSON, XML, multipart) are read and
// ignored, so their parameters appear missing, exactly as in production.
//
// A form body is decoded in the charset its Content-Type names; without one, in ISO-8859-1, the
// servlet default (ServletRequest.getCharacterEncoding() is null). That is why the service's
// notes say to send `charset=UTF-8`: a client that leaves it out gets "CafÃ©" for "Café" here
// rather than in production. The query string is always UTF-8.

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
    for (const [k, v] of decodeForm(body, charsetOf(type))) if (!(k in form)) form[k] = v;
  }
  const params: Record<string, string> = Object.create(null);
  Object.assign(params, form, query);
  return { query: { ...query }, form: { ...form }, params };
}

function charsetOf(contentType: string): 'utf8' | 'latin1' {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/.exec(contentType);
  return m && /^utf-?8$/.test(m[1]!) ? 'utf8' : 'latin1';
}

/** application/x-www-form-urlencoded: "+" is a space, %XX a byte; the bytes read in `charset`. */
export function decodeForm(body: Buffer, charset: 'utf8' | 'latin1'): Array<[string, string]> {
  const decode = (raw: string): string => {
    const bytes: number[] = [];
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (c === 0x2b) bytes.push(0x20);
      else if (c === 0x25 && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) {
        bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(c);
    }
    return Buffer.from(bytes).toString(charset);
  };
  const out: Array<[string, string]> = [];
  // Read byte for byte (latin1 maps each byte to one char), then decode each name and value.
  for (const pair of body.toString('latin1').split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    out.push(eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))]);
  }
  return out;
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
