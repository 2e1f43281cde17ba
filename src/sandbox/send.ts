// Writing a Reply. Whole bodies go out with a Content-Length; lazy bodies (statistics) are
// streamed as chunked transfer in ~64 KiB pieces, awaiting 'drain' whenever the socket's buffer
// is full, so a huge report costs a constant amount of memory however slow the client reads.
// All body text is single-byte by construction (see wire/), hence the Latin-1 encoding.

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

/** Resolves on 'drain' or 'close', removing both listeners (hundreds of waits per report). */
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

/** The whole body as one string (faults that rewrite a body need all of it). */
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
