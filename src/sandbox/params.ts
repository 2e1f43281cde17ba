// Parameters as a servlet container gives them: query string (UTF-8), then a form body; other
// bodies are ignored, as in production. A form without a charset is ISO-8859-1, the servlet
// default, so a client that leaves it out gets "CafÃ©" here rather than in production.

import type { IncomingMessage } from 'node:http';

/** The common servlet-container default; the largest legitimate form is far below. */
export const MAX_BODY = 2 * 1024 * 1024;

export interface RequestParams {
  query: Record<string, string>;
  form: Record<string, string>;
  /** For a repeated name the first value wins, query first. */
  params: Record<string, string>;
  /** Nothing of the body was kept; the rest is still unread. */
  tooLarge?: boolean;
}

function collect(search: URLSearchParams, into: Record<string, string>): void {
  for (const [k, v] of search) if (!(k in into)) into[k] = v;
}

export async function readParams(req: IncomingMessage, url: URL): Promise<RequestParams> {
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  collect(url.searchParams, query);
  const form: Record<string, string> = Object.create(null) as Record<string, string>;
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const isForm = req.method === 'POST' && type.startsWith('application/x-www-form-urlencoded');
  const body = await readBody(req, isForm);
  if (body === 'too-large') return { query: { ...query }, form: {}, params: { ...query }, tooLarge: true };
  if (isForm && body.length > 0) {
    for (const [k, v] of decodeForm(body, charsetOf(type))) if (!(k in form)) form[k] = v;
  }
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  Object.assign(params, form, query);
  return { query: { ...query }, form: { ...form }, params };
}

function charsetOf(contentType: string): 'utf8' | 'latin1' {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/.exec(contentType);
  return m && /^utf-?8$/.test(m[1]) ? 'utf8' : 'latin1';
}

export function decodeForm(body: Buffer, charset: 'utf8' | 'latin1'): Array<[string, string]> {
  const decode = (raw: string): string => {
    // A Buffer, not a number[]: a 2 MiB value must not cost 16 MiB of boxed numbers.
    const bytes = Buffer.allocUnsafe(raw.length);
    let n = 0;
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (c === 0x2b) bytes[n++] = 0x20;
      else if (c === 0x25 && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) {
        bytes[n++] = parseInt(raw.slice(i + 1, i + 3), 16);
        i += 2;
      } else bytes[n++] = c;
    }
    return bytes.toString(charset, 0, n);
  };
  const out: Array<[string, string]> = [];
  for (const pair of body.toString('latin1').split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    out.push(eq < 0 ? [decode(pair), ''] : [decode(pair.slice(0, eq)), decode(pair.slice(eq + 1))]);
  }
  return out;
}

/**
 * 'too-large' leaves the rest unread, for a 413. Listeners, not `for await`: leaving an async
 * iterator early destroys the socket, and the client would see a reset, not 413.
 */
function readBody(req: IncomingMessage, keep: boolean): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        done();
        req.pause();
        chunks.length = 0;
        resolve('too-large');
      } else if (keep) chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onClose = () => {
      done();
      reject(new Error('request aborted'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
