// `sandbox.requests`, bounded by entries AND bytes, as a request keeps its parameters. Callers hold
// the array (and may empty it), so it is trimmed in place and recounted before cutting.

import type { FaultKind } from './faults.js';
import type { Format } from './wire/reply.js';

/** One request as the sandbox saw it (the Authorization header is never recorded). */
export interface SandboxRequestLog {
  method: string;
  /** The path as sent, below the base path, with its suffix: "/publication/list.xml". */
  path: string;
  format?: Format;
  /** What the service sees: query string and form body merged (query first). */
  params: Record<string, string>;
  query: Record<string, string>;
  form: Record<string, string>;
  contentType?: string;
  userAgent?: string;
  /** The e-mail of the request's Basic credentials, as sent (never the key): whose credentials reached this service. */
  email?: string;
  /** HTTP status sent; 0 when the connection was dropped or reset without an answer. */
  status: number;
  fault?: FaultKind;
}

/** The user part of a Basic Authorization header ("email:key" in base64), or undefined. */
export function basicUser(header: string | undefined): string | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : undefined;
}

/** Fixed cost of an entry (object, small fields) on top of its strings. */
const ENTRY_OVERHEAD = 400;

export class RequestLog {
  private bytes = 0;
  private readonly sizes = new WeakMap<SandboxRequestLog, number>();

  constructor(
    readonly entries: SandboxRequestLog[],
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  add(entry: SandboxRequestLog): void {
    this.entries.push(entry);
    this.measure(entry);
  }

  measure(entry: SandboxRequestLog): void {
    const size = sizeOf(entry);
    this.bytes += size - (this.sizes.get(entry) ?? 0);
    this.sizes.set(entry, size);
    if (this.entries.length > this.maxEntries * 1.1 || this.bytes > this.maxBytes) this.trim();
  }

  /** Cut the oldest entries down to 90 % of each bound (so trimming is rare), keeping the newest. */
  private trim(): void {
    const sizeAt = (i: number) => this.sizes.get(this.entries[i]) ?? sizeOf(this.entries[i]);
    let bytes = 0;
    for (let i = 0; i < this.entries.length; i++) bytes += sizeAt(i);
    let drop = 0;
    const keepEntries = Math.floor(this.maxEntries * (this.entries.length > this.maxEntries * 1.1 ? 1 : 1.1));
    while (drop < this.entries.length - 1 && (this.entries.length - drop > keepEntries || bytes > this.maxBytes * 0.9)) {
      bytes -= sizeAt(drop);
      drop++;
    }
    this.entries.splice(0, drop);
    this.bytes = bytes;
  }
}

/** An upper estimate: two bytes per character. */
function sizeOf(e: SandboxRequestLog): number {
  let chars = e.method.length + e.path.length + (e.contentType?.length ?? 0) + (e.userAgent?.length ?? 0) + (e.email?.length ?? 0);
  for (const record of [e.params, e.query, e.form]) {
    for (const key in record) chars += key.length + record[key].length;
  }
  return ENTRY_OVERHEAD + 2 * chars;
}
