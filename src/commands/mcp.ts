// `masg mcp`: serve the account's data to AI agents over the Model Context Protocol (stdio).
// Read-only unless --allow-writes. The server and the MCP SDK load only here (docs/mcp.md).
import { UsageError } from '../core/errors.js';
import { defineCommand } from '../command-kit/define.js';

export interface McpCommandOptions {
  allowWrites?: boolean;
  db?: string;
  queryTimeout?: string;
}

export const mcp = defineCommand<McpCommandOptions>({
  async run(ctx, opts) {
    const seconds = Number(opts.queryTimeout ?? '30');
    if (!/^\d+$/.test(opts.queryTimeout ?? '30') || seconds < 1)
      throw new UsageError(`--query-timeout: "${opts.queryTimeout}" is not a whole number of seconds (1 or more).`, {
        field: '--query-timeout',
      });
    const { serveMcp } = await import('../mcp/serve.js');
    await serveMcp(ctx, { allowWrites: opts.allowWrites === true, db: opts.db, queryTimeout: seconds });
    return { kind: 'done' };
  },
});
