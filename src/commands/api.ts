// `masg api <path>`: any endpoint through the SDK's request(), so credentials, retries and
// redaction are the usual ones. The body is printed as received; a masg-error is still an error.
import { UsageError } from '../core/errors.js';
import type { RawRequest } from '../sdk/types.js';
import { dryRunResult } from '../command-kit/raw.js';
import { defineCommand } from '../command-kit/define.js';

type Format = NonNullable<RawRequest['format']>;
type HttpMethod = NonNullable<RawRequest['method']>;

export interface ApiOptions {
  method: HttpMethod;
  field?: string[];
}

export const api = defineCommand<ApiOptions>({
  supports: { raw: true, dryRun: true },
  async run(ctx, opts, [rawPath]) {
    const { path, format } = parsePath(rawPath, ...formatFlag(ctx.globals.output, ctx.globals.raw));
    const params = parseFields(opts.field ?? []);
    const client = await ctx.sdk();
    const request: RawRequest =
      opts.method === 'GET' ? { method: 'GET', path, query: params, format } : { method: 'POST', path, form: params, format };
    if (ctx.globals.dryRun) return dryRunResult([await client.request(request, { dryRun: true })]);
    const response = await client.request(request);
    return { kind: 'raw', body: response.body, bytes: response.bytes };
  },
});

/** The body is printed as received: `-o json` asks the service for JSON, any other -o is refused. */
export function formatFlag(output: string | undefined, raw: Format | undefined): [Format | undefined, string] {
  if (output === undefined) return [raw, '--raw'];
  if (output !== 'json') {
    throw new UsageError(`masg api prints the service's response body as received: -o ${output} cannot apply to it.`, {
      field: '-o',
      hint: 'Use -o json (or --raw json, or a .json path) for a JSON body, --raw xml or a .xml path for XML.',
    });
  }
  return ['json', '-o json'];
}

/** `/publication/list.json` → `/publication/list`, json; --raw must agree with a suffix. */
export function parsePath(raw: string, flag: Format | undefined, flagName = '--raw'): { path: string; format: Format } {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    throw new UsageError(`<path>: give the path under the base URL (e.g. publication/list), not a full URL.`, { field: '<path>' });
  }
  if (raw.includes('?')) throw new UsageError('<path>: give parameters with -f key=value, not in a query string.', { field: '<path>' });
  if (/[\s\p{Cc}]/u.test(raw) || raw.split('/').some((s) => s === '.' || s === '..')) {
    throw new UsageError(`<path>: "${raw}" is not an endpoint path.`, { field: '<path>' });
  }
  const trimmed = raw.replace(/^\/+/, '');
  if (trimmed === '') throw new UsageError('<path>: empty; e.g. publication/list.', { field: '<path>' });
  const suffix = /\.(xml|json)$/i.exec(trimmed);
  const fromSuffix = suffix ? (suffix[1].toLowerCase() as Format) : undefined;
  if (fromSuffix && flag && fromSuffix !== flag) {
    throw new UsageError(`<path> ends in .${fromSuffix} but ${flagName} says ${flag}: give one of them.`, {
      field: flagName.split(' ')[0],
    });
  }
  return { path: `/${suffix ? trimmed.slice(0, -suffix[0].length) : trimmed}`, format: fromSuffix ?? flag ?? 'xml' };
}

/** `key=value` pairs; the value may contain `=` and may be empty. Each key once. */
export function parseFields(fields: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const field of fields) {
    const eq = field.indexOf('=');
    if (eq <= 0) throw new UsageError(`-f: "${field}" is not key=value.`, { field: '-f' });
    const key = field.slice(0, eq);
    if (key in params) throw new UsageError(`-f: ${key} is given twice.`, { field: '-f' });
    params[key] = field.slice(eq + 1);
  }
  return params;
}
