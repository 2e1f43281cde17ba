// `masg mcp`: serve the account's data to AI agents over the Model Context Protocol: stdio, or
// Streamable HTTP with --http (tokens: `masg mcp token`). Read-only unless --allow-writes. The
// server and the MCP SDK load only here (docs/mcp.md).
import { UsageError } from '../core/errors.js';
import { defineCommand } from '../command-kit/define.js';
import { DEFAULT_MCP_RATE_PER_MINUTE, DEFAULT_QUERY_SECONDS } from '../config/defaults.js';
import { checkHttp } from '../mcp/http.js';
import { serveMcp } from '../mcp/serve.js';

export interface McpCommandOptions {
  allowWrites?: boolean;
  db?: string;
  queryTimeout?: string;
  http?: string;
  tlsCert?: string;
  tlsKey?: string;
  behindProxy?: boolean;
  publicUrl?: string;
  rateLimit?: string;
}

function wholeNumber(value: string, field: string, what: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${field}: "${value}" is not a whole number of ${what} (1 or more).`, { field });
  return Number(value);
}

export const mcp = defineCommand<McpCommandOptions>({
  async run(ctx, opts) {
    const seconds = wholeNumber(opts.queryTimeout ?? String(DEFAULT_QUERY_SECONDS), '--query-timeout', 'seconds');
    const ratePerMinute = wholeNumber(opts.rateLimit ?? String(DEFAULT_MCP_RATE_PER_MINUTE), '--rate-limit', 'requests a minute');
    const httpOnly = (['tlsCert', 'tlsKey', 'behindProxy', 'publicUrl'] as const).find((k) => opts[k] !== undefined);
    if (opts.http === undefined && httpOnly !== undefined) {
      const flag = `--${httpOnly.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      throw new UsageError(`${flag} goes with --http: stdio has no address.`, { field: flag });
    }
    // Checked here, once: a refusal comes before any account, warehouse or port is touched.
    const http =
      opts.http === undefined
        ? undefined
        : checkHttp({
            listen: opts.http,
            tlsCert: opts.tlsCert,
            tlsKey: opts.tlsKey,
            behindProxy: opts.behindProxy,
            publicUrl: opts.publicUrl,
            ratePerMinute,
          });
    await serveMcp(ctx, { allowWrites: opts.allowWrites === true, db: opts.db, queryTimeout: seconds, http });
    return { kind: 'done' };
  },
});
