// What a complete HTTP response means. The body decides, never the status alone: production
// answers 400 for every masg-error (404 for a missing campaign, 500 for a crash), and a proxy or
// the web container can answer with an HTML page that must not be mistaken for data.
import { NetworkError, errorFromService } from '../core/errors.js';
import type { Redactor } from '../core/redact.js';
import { isJsonObject, jsonScalar, parseJson } from './json.js';
import type { ApiResponse } from './types.js';
// xml.ts requires fast-xml-parser on first use: a report streamed through saxes never loads it.
import { fieldsOf, parseXml, xmlProblem } from './xml.js';

export interface Sniffed {
  kind: 'xml' | 'json' | 'html' | 'empty' | 'other';
  /** Root element (XML) or first key (JSON). */
  root?: string;
}

const PROLOG = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|\s+)*/i;

export function sniffRoot(text: string, contentType = ''): Sniffed {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start === '') return { kind: 'empty' };
  if (start.startsWith('{')) {
    const key = /^\{\s*"((?:[^"\\]|\\.)*)"/.exec(start);
    return { kind: 'json', root: key?.[1] };
  }
  if (!start.startsWith('<')) return { kind: 'other' };
  if (/^<!DOCTYPE\s+html/i.test(start)) return { kind: 'html', root: 'html' };
  const root = /^<([A-Za-z_][\w.:-]*)/.exec(start.replace(PROLOG, ''))?.[1];
  if (root?.toLowerCase() === 'html' || (root === undefined && /text\/html/i.test(contentType))) return { kind: 'html', root };
  return { kind: 'xml', root };
}

export const SERVICE_ROOTS = ['masg-response', 'campaign'];

/** What a body reader (StreamOptions.readWhole) throws for a body it cannot read. */
export class MalformedBody extends Error {}

/**
 * Resolves when the response is a success body, to what `read` (instead of the generic check)
 * made of it; otherwise rejects with the error it stands for.
 */
export async function interpretResponse<T = never>(
  res: ApiResponse,
  url: URL,
  redact: Redactor,
  read?: (res: ApiResponse) => T | Promise<T>,
): Promise<T | undefined> {
  const sniffed = sniffRoot(res.body, res.contentType);
  const fail = (message: string, hint?: string, cause?: unknown): never => {
    throw new NetworkError(redact(message), { status: res.status, hint, cause });
  };
  const at = `The service at ${url.host} answered HTTP ${res.status}`;
  const notNow = NOT_NOW[res.status];
  // 429 and 503 say "not now" whatever the body says: come back later, not a refusal (exit 5).
  if (notNow !== undefined && sniffed.root === 'masg-error') {
    const said = errorFields(res, sniffed);
    const quoted =
      said === undefined ? '' : ` It said: code ${stripControls(said.code ?? '?')}, "${redact(stripControls(said.description ?? ''))}".`;
    fail(`${at} (${notNow}): it asks to be called again later.${quoted}`);
  }
  if (sniffed.root === 'masg-error') throw serviceError(res, sniffed, redact, fail, at);
  if ((sniffed.kind === 'xml' || sniffed.kind === 'json') && SERVICE_ROOTS.includes(sniffed.root ?? '')) {
    if (res.status !== 200) fail(`${at} with a response body but no error description.`);
    const malformed = (problem: string, cause?: unknown): never =>
      fail(
        `${at} with a malformed or truncated ${sniffed.kind.toUpperCase()} body: ${problem}`,
        'Try again; if it persists, the service is at fault.',
        cause,
      );
    if (read) {
      try {
        return await read(res);
      } catch (err) {
        if (err instanceof MalformedBody) malformed(err.message, err);
        throw err;
      }
    }
    const problem = sniffed.kind === 'xml' ? xmlProblem(res.body) : jsonProblem(res.body);
    if (problem !== undefined) malformed(problem);
    return undefined;
  }
  // Production has no rate limit of its own; a 429 comes from a front end, whatever its body.
  if (res.status === 429) fail(`${at} (Too Many Requests): the service is limiting the request rate.`);
  if (sniffed.kind === 'html') {
    const title = /<title[^>]*>([^<]{1,120})<\/title>/i.exec(res.body)?.[1]?.trim();
    const quoted = title ? ` ("${stripControls(title)}")` : '';
    if (res.status === 404 || res.status === 405) {
      fail(
        `${at} with an HTML page${quoted}: there is no service at ${url.pathname}.`,
        'Check --base-url (or MASG_BASE_URL, or the profile): it must be the service root, path prefix included, e.g. https://api.example.com/v1.',
      );
    }
    fail(
      `${at} with an HTML page${quoted}, not a service response.`,
      res.status >= 500 ? 'The service or a proxy in front of it is failing; try again later.' : undefined,
    );
  }
  if (sniffed.kind === 'empty') return fail(`${at} with an empty body, not a service response.`);
  const what = sniffed.kind === 'other' ? 'text' : `${sniffed.kind.toUpperCase()} with root "${sniffed.root ?? '?'}"`;
  const snippet = stripControls(res.body.trim().slice(0, 80));
  return fail(`${at} with ${what} (${res.contentType || 'no content type'}), not a service response: ${snippet}`);
}

/** RFC 9110 §15.6.4, RFC 6585 §4. */
const NOT_NOW: Readonly<Record<number, string>> = { 429: 'Too Many Requests', 503: 'Service Unavailable' };

function readErrorFields(res: ApiResponse, sniffed: Sniffed): Record<string, string> {
  if (sniffed.kind === 'xml') {
    return fieldsOf(parseXml(res.body));
  }
  const value = parseJson(res.body);
  const inner = isJsonObject(value) ? value['masg-error'] : undefined;
  if (!isJsonObject(inner)) throw new Error('masg-error is not an object');
  return { code: jsonScalar(inner.code), description: jsonScalar(inner.description) };
}

function errorFields(res: ApiResponse, sniffed: Sniffed): Record<string, string> | undefined {
  try {
    return readErrorFields(res, sniffed);
  } catch {
    return undefined;
  }
}

function serviceError(res: ApiResponse, sniffed: Sniffed, redact: Redactor, fail: (m: string, hint?: string) => never, at: string): Error {
  let fields: Record<string, string>;
  try {
    fields = readErrorFields(res, sniffed);
  } catch (err) {
    return fail(`${at} with an unreadable error body: ${(err as Error).message}`);
  }
  const code = Number(fields.code);
  if (!/^\s*\d+\s*$/.test(fields.code ?? '')) return fail(`${at} with an error body without a numeric code.`);
  // Code 500 is production crashing while rendering: a server failure (exit 6), not a refusal.
  if (code === 500) {
    const description = stripControls(fields.description ?? '') || 'no description';
    return fail(
      `${at}: the service failed while handling the request (masg-error 500, "${redact(description)}").`,
      'This is a fault on the service side; try again later.',
    );
  }
  return errorFromService(code, redact(fields.description ?? ''), res.status);
}

function jsonProblem(body: string): string | undefined {
  try {
    JSON.parse(body);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

export function stripControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what this removes
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}
