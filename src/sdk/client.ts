// createClient: one typed method per endpoint, inputs checked with the CLI's rules before sending.
// The SDK never prints, never reads process.env and never exits: failures are error classes.
import { readFileSync } from 'node:fs';
import type { Transport, ApiRequest } from '../transport/types.js';
import { checkBaseUrl } from '../config/base-url.js';
import { ConfigError, UsageError } from '../core/errors.js';
import { oneOf } from '../schema/rules.js';
import { createTransportPool, type ClientExtras } from './transport-pool.js';
import { MethodKit, entityMethods, statsMethods, throwsAsRejection, type Loose } from './methods.js';
import { checkTimeZone } from './range.js';
import type { CallOptions, ClientOptions, MasgClient, RawRequest } from './types.js';

let version: string | undefined;
function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}

function required(field: keyof ClientOptions, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`createClient: ${field} is required.`, {
      hint: 'Pass baseUrl, email and key, or use createClient.fromProfile().',
    });
  }
  return value;
}

function nonNegative(field: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
    throw new UsageError(`${field}: expected a non-negative number, got ${String(value)}.`, { field });
  }
}

export function createClient(options: ClientOptions): MasgClient {
  return createClientWithExtras(options);
}

/** createClient plus the CLI's extras (proxy, notices, whole-command deadline). Internal. */
export function createClientWithExtras(options: ClientOptions, extras: ClientExtras = {}): MasgClient {
  if (typeof options !== 'object' || options === null) throw new ConfigError('createClient: options are required (baseUrl, email, key).');
  const opts: ClientOptions = {
    ...options,
    baseUrl: checkBaseUrl(required('baseUrl', options.baseUrl), 'baseUrl'),
    email: required('email', options.email),
    key: required('key', options.key),
  };
  if (opts.timeZone !== undefined) checkTimeZone(opts.timeZone);
  for (const f of ['timeoutMs', 'connectTimeoutMs', 'retries', 'deadlineMs'] as const) nonNegative(f, opts[f]);
  const pool = createTransportPool(opts, opts.userAgent ?? `masg-node/${packageVersion()}`, extras);
  return createTypedClient((call) => pool.transportFor(call), { timeZone: opts.timeZone, close: () => pool.close() });
}

/** The typed methods over a transport per call (the SDK's own pool, or a test's). */
export function createTypedClient(
  api: (call?: CallOptions) => Transport,
  opts: { timeZone?: string; close?: () => Promise<void> },
): MasgClient {
  const kit = new MethodKit(api);
  const client: Loose<MasgClient> = {
    ...entityMethods(kit),
    ...statsMethods(kit, opts.timeZone),
    request: (req, call) =>
      throwsAsRejection(async () => {
        const checked = rawRequest(req);
        // The same raw and dry-run rules as every typed method: `raw: 'json'` asks JSON here too.
        return kit.other(call, checked) ?? kit.sendRaw(call, checked);
      }),

    close: () => (opts.close ? opts.close() : Promise.resolve()),
  };
  return client as MasgClient;
}

function rawRequest(req: RawRequest): ApiRequest {
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
