// Shared helpers: a sandbox on 127.0.0.1:0 with a fixed clock, and raw HTTP calls that keep
// the bytes (so Latin-1 and character references can be checked exactly).
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

/** The tests' clock: statistics exist for every hour before this one. */
export const NOW = new Date('2024-06-15T12:34:00Z');

export function start(opts: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({ now: () => NOW, ...opts });
}

export function basic(creds: { email: string; key: string }): string {
  return `Basic ${Buffer.from(`${creds.email}:${creds.key}`).toString('base64')}`;
}

/** One entity of a JSON list or view: the service sends every field as a string. */
export type Entity = Record<string, string>;

/**
 * A decoded JSON answer, read by the tests in the service's documented shapes (lists, views,
 * ID-keyed statistics, errors). Deliberately unchecked: a wrong shape fails the test's assertion.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one named alias for "parsed JSON", see above
export type Json = any;

export interface Res {
  status: number;
  type: string;
  text: string;
  bytes: Buffer;
  headers: Headers;
  /** JSON bodies decoded as the header says (ISO-8859-1). */
  json: () => Json;
}

export interface CallOptions {
  params?: Record<string, string>;
  /** Credentials, a raw Authorization header, or null for none. Default: the demo account. */
  auth?: { email: string; key: string } | string | null;
  body?: string;
  contentType?: string;
}

export async function call(
  sb: Pick<Sandbox, 'url' | 'demo'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  o: CallOptions = {},
): Promise<Res> {
  const headers: Record<string, string> = {};
  const auth = o.auth === undefined ? sb.demo : o.auth;
  if (auth !== null) headers.authorization = typeof auth === 'string' ? auth : basic(auth);
  let url = `${sb.url}${path}`;
  let body: string | undefined = o.body;
  if (o.params && method === 'POST' && body === undefined) {
    body = new URLSearchParams(o.params).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
  } else if (o.params) url += `?${new URLSearchParams(o.params)}`;
  if (o.contentType) headers['content-type'] = o.contentType;
  const r = await fetch(url, { method, headers, body });
  const bytes = Buffer.from(await r.arrayBuffer());
  const text = bytes.toString('latin1');
  return { status: r.status, type: r.headers.get('content-type') ?? '', text, bytes, headers: r.headers, json: () => JSON.parse(text) };
}

/** The masg-error of a body in either format. */
export function errorOf(res: Res): { code: number; description: string } {
  if (res.type.startsWith('application/json')) return res.json()['masg-error'];
  const code = /<code>(\d+)<\/code>/.exec(res.text)?.[1];
  const description = /<description>([\s\S]*?)<\/description>/.exec(res.text)?.[1];
  return { code: Number(code), description: description ?? '' };
}

/** The values of one tag, in document order. */
export function tags(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
}

export async function demoIds(
  sb: Pick<Sandbox, 'url' | 'demo'>,
): Promise<{ pubs: Record<string, Entity>; slots: Entity[]; advertisers: Entity[] }> {
  const pubs = (await call(sb, 'GET', '/publication/list.json')).json()['masg-response'] as Entity[];
  const slots = (await call(sb, 'GET', '/adslot/list.json')).json()['masg-response'] as Entity[];
  const advertisers = (await call(sb, 'GET', '/advertisers/list.json')).json()['masg-response'] as Entity[];
  return { pubs: Object.fromEntries(pubs.map((p) => [p.reference, p])), slots, advertisers };
}
