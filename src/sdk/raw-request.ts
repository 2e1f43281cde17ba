// client.request()'s input: a RawRequest checked and turned into the API layer's request, and
// back (the CLI's --raw sends what a typed call would).
import type { ApiRequest } from '../api/types.js';
import { UsageError } from '../core/errors.js';
import { oneOf } from '../schema/rules.js';
import type { RawRequest } from './types.js';

/** A RawRequest checked and turned into the API layer's request (query for GET, form for POST). */
export function rawRequest(req: RawRequest): ApiRequest {
  if (typeof req !== 'object' || req === null) throw new UsageError('request: expected { method, path, query, form, format }.');
  const method = req.method === undefined ? 'GET' : oneOf('method', String(req.method).toUpperCase(), ['GET', 'POST'] as const);
  if (typeof req.path !== 'string' || req.path.trim() === '')
    throw new UsageError('path: required, e.g. "/publication/list".', { field: 'path' });
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(req.path) || req.path.includes('?') || /[\s\p{Cc}]/u.test(req.path)) {
    throw new UsageError(`path: "${req.path}" is not an endpoint path under the base URL (parameters go in query or form).`, {
      field: 'path',
    });
  }
  if (method === 'GET' && req.form !== undefined) throw new UsageError('form: only a POST has a form body; use query.', { field: 'form' });
  if (method === 'POST' && req.query !== undefined) throw new UsageError('query: a POST sends its parameters as form.', { field: 'query' });
  const format = req.format === undefined ? undefined : oneOf('format', req.format, ['xml', 'json'] as const);
  const params = method === 'GET' ? req.query : req.form;
  return { method, path: `/${req.path.replace(/^\/+/, '')}`, params: params && { ...params }, format };
}

/** The RawRequest an API-layer request stands for (the CLI's --raw sends what the typed call would). */
export function asRawRequest(req: ApiRequest, format?: 'xml' | 'json'): RawRequest {
  return req.method === 'GET'
    ? { method: 'GET', path: req.path, query: req.params, format: format ?? req.format }
    : { method: 'POST', path: req.path, form: req.params, format: format ?? req.format };
}
