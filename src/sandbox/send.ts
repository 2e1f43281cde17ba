// Writing a Reply. Lazy bodies are chunked, awaiting 'drain', so a huge report costs constant
// memory however slow the client. Body text is single-byte by construction, hence Latin-1.

import type { ServerResponse } from 'node:http';
import type { Reply } from './wire/reply.js';

const CHUNK = 64 * 1024;

function head(res: ServerResponse, reply: Reply, extra: Record<string, string | number> = {}): void {
  res.writeHead(reply.status, { 'Content-Type': reply.contentType, ...reply.headers, ...extra });
}

export async function send(res: ServerResponse, reply: Reply): Promise<void> {
  if (typeof reply.body === 'string') {
    const buf = Buffer.from(reply.body, 'latin1');
    head(res, reply, { 'Content-Length': buf.length });
    res.end(buf);
    return;
  }
  head(res, reply);
  let pending = '';
  for (const piece of reply.body) {
    pending += piece;
    if (pending.length < CHUNK) continue;
    const ok = res.write(Buffer.from(pending, 'latin1'));
    pending = '';
    if (!ok) await drained(res);
    if (res.destroyed) return; // the client went away: stop generating
  }
  res.end(Buffer.from(pending, 'latin1'));
}

/** Removes both listeners: hundreds of waits per report. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export function bodyText(reply: Reply): string {
  return typeof reply.body === 'string' ? reply.body : [...reply.body].join('');
}

/** Announce the full length, send the first half, then cut the connection. */
export function sendTruncated(res: ServerResponse, reply: Reply): void {
  const buf = Buffer.from(bodyText(reply), 'latin1');
  head(res, reply, { 'Content-Length': buf.length });
  res.write(buf.subarray(0, Math.floor(buf.length / 2)), () => res.destroy());
}

/** A complete, well-framed response whose body does not parse: cut mid-tag and left open. */
export function sendMalformed(res: ServerResponse, reply: Reply): void {
  const text = bodyText(reply);
  const body = `${text.slice(0, Math.max(1, Math.floor(text.length * 0.6)))}<masg-respo`;
  void send(res, { ...reply, body });
}
