// What a route hands back, its body already single-byte so the server encodes it as Latin-1 in one pass.

import type { SandboxError } from '../errors.js';
import type { Field, StatsNode } from './fields.js';
import { fieldsJson, jsonString, statsNodeJson } from './json.js';
import { XML_DECLARATION, elementXml, escapeXml, statsNodeXml } from './xml.js';

export type Format = 'xml' | 'json';

export interface Reply {
  status: number;
  contentType: string;
  body: string | Iterable<string>;
  headers?: Record<string, string>;
}

export const XML_TYPE = 'text/xml';
export const JSON_TYPE = 'application/json;charset=ISO-8859-1';
export const HTML_TYPE = 'text/html;charset=ISO-8859-1';

const ok = (format: Format, body: string | Iterable<string>, status = 200): Reply => ({
  status,
  contentType: format === 'xml' ? XML_TYPE : JSON_TYPE,
  body,
});

const wrapXml = (inner: string) => `${XML_DECLARATION}<masg-response>\n${inner}</masg-response>\n`;

export function entityReply(format: Format, tag: string, fields: Field[]): Reply {
  return ok(format, format === 'xml' ? wrapXml(elementXml(tag, fields)) : `{"masg-response":${fieldsJson(fields)}}`);
}

/** Longer lists are rendered as they are sent (chunked), not as a 300 MB string first. */
const WHOLE_LIST_ITEMS = 1000;

export function listReply(format: Format, tag: string, items: Field[][]): Reply {
  if (items.length > WHOLE_LIST_ITEMS) return ok(format, format === 'xml' ? listXml(tag, items) : listJson(items));
  if (format === 'xml') return ok(format, wrapXml(items.map((f) => elementXml(tag, f)).join('')));
  return ok(format, `{"masg-response":[${items.map(fieldsJson).join(',')}]}`);
}

function* listXml(tag: string, items: Field[][]): Iterable<string> {
  yield `${XML_DECLARATION}<masg-response>\n`;
  for (const f of items) yield elementXml(tag, f);
  yield '</masg-response>\n';
}

function* listJson(items: Field[][]): Iterable<string> {
  yield '{"masg-response":[';
  for (let i = 0; i < items.length; i++) yield (i === 0 ? '' : ',') + fieldsJson(items[i]);
  yield ']}';
}

/** An entity with no masg-response wrapper: what production's campaign view answers. */
export function bareReply(format: Format, tag: string, fields: Field[]): Reply {
  return ok(format, format === 'xml' ? XML_DECLARATION + elementXml(tag, fields) : `{${jsonString(tag)}:${fieldsJson(fields)}}`);
}

export function errorReply(format: Format, err: SandboxError): Reply {
  const body =
    format === 'xml'
      ? `${XML_DECLARATION}<masg-error>\n<code>${err.code}</code>\n<description>${escapeXml(err.description)}</description>\n</masg-error>\n`
      : `{"masg-error":{"code":${err.code},"description":${jsonString(err.description)}}}`;
  return ok(format, body, err.status);
}

/** Rendered one node at a time. `dropOuter`: production's JSON of one publication or ad slot starts a level down. */
export function statsReply(format: Format, nodes: Iterable<StatsNode>, dropOuter: boolean): Reply {
  return ok(format, format === 'xml' ? statsXml(nodes) : statsJson(nodes, dropOuter));
}

function* statsXml(nodes: Iterable<StatsNode>): Iterable<string> {
  yield `${XML_DECLARATION}<masg-response>\n`;
  for (const n of nodes) yield statsNodeXml(n);
  yield '</masg-response>\n';
}

function* statsJson(nodes: Iterable<StatsNode>, dropOuter: boolean): Iterable<string> {
  if (dropOuter) {
    for (const n of nodes) {
      yield `{"masg-response":${statsNodeJson(n)}}`;
      return;
    }
    yield '{"masg-response":{}}';
    return;
  }
  yield '{"masg-response":{';
  let first = true;
  for (const n of nodes) {
    yield `${first ? '' : ','}${jsonString(n.id)}:${statsNodeJson(n)}`;
    first = false;
  }
  yield '}}';
}

/** The web container's error page, not a masg-error. */
export function htmlPage(status: number, reason: string, path: string): Reply {
  const p = path
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  const body =
    `<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html;charset=ISO-8859-1"/>\n` +
    `<title>Error ${status} ${reason}</title>\n</head>\n<body><h2>HTTP ERROR ${status}</h2>\n` +
    `<p>Problem accessing ${p}. Reason:\n<pre>    ${reason}</pre></p><hr/><i><small>Powered by Jetty://</small></i>\n</body>\n</html>\n`;
  return { status, contentType: HTML_TYPE, body };
}
