// An ApiRequest as HTTP: URL under the base (path prefix kept), query or form body, headers.
import { hideUserinfo, isLoopbackHost } from '../config/base-url.js';
import { ConfigError } from '../core/errors.js';
import type { ApiRequest, Format } from './types.js';

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

const ACCEPT: Record<Format, string> = {
  xml: 'text/xml, application/xml;q=0.9, */*;q=0.1',
  json: 'application/json, */*;q=0.1',
};

export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    // No cause: its message would quote the URL, password included.
    throw new ConfigError(`The base URL "${hideUserinfo(baseUrl)}" is not a valid URL.`, { hint: 'Use the form https://host/prefix.' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`The base URL "${hideUserinfo(baseUrl)}" must start with https:// (or http:// for a local service).`);
  }
  return url;
}

/** Basic credentials go in the clear over http://: only a loopback service gets them (a backstop to settings). */
export function assertSafeScheme(base: URL): void {
  if (base.protocol === 'http:' && !isLoopbackHost(base.hostname)) {
    throw new ConfigError(`Refusing to send credentials over plain http:// to ${base.host}.`, {
      hint: 'Use an https:// base URL (http:// is allowed only for loopback addresses).',
    });
  }
}

/** `{base_url}/{type}/{service}.{format}`; `new URL(path, base)` would drop a `/v1` prefix. */
export function serviceUrl(base: URL, path: string, format: Format): URL {
  const url = new URL(base.origin);
  const prefix = base.pathname.replace(/\/+$/, '');
  url.pathname = `${prefix}/${path.replace(/^\/+/, '')}.${format}`;
  return url;
}

export function formParams(params: ApiRequest['params']): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) form.append(name, value);
  return form;
}

export function buildHttpRequest(base: URL, req: ApiRequest, fixed: { authorization: string; userAgent: string }): HttpRequest {
  const format = req.format ?? 'xml';
  const url = serviceUrl(base, req.path, format);
  const params = formParams(req.params);
  const headers: Record<string, string> = {
    accept: ACCEPT[format],
    authorization: fixed.authorization,
    'user-agent': fixed.userAgent,
  };
  if (req.method === 'GET') {
    url.search = params.toString();
    return { method: 'GET', url, headers };
  }
  // Production reads only form bodies; multipart or JSON would look like missing parameters.
  headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
  return { method: 'POST', url, headers, body: params.toString() };
}
