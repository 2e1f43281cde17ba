// `masg mcp`: serve the account's data to AI agents over the Model Context Protocol (stdio).
// Read-only unless --allow-writes. The server and the MCP SDK load only here (docs/mcp.md).
import { UsageError } from '../core/errors.js';
import { defineTopCommand } from '../command-kit/define.js';

export interface McpCommandOptions {
  allowWrites?: boolean;
  db?: string;
  queryTimeout?: string;
}

export const mcp = defineTopCommand<McpCommandOptions>({
  name: 'mcp',
  configure: (cmd) =>
    cmd
      .option('--allow-writes', 'also offer create/update tools for publications and ad slots (each needs a confirmation token)')
      .option(
        '--db <target>',
        'the warehouse warehouse_query and warehouse_status read (default: $MASG_DB, else the default file if it exists)',
      )
      .option('--query-timeout <seconds>', 'stop a warehouse_query statement after this long', '30'),
  examples: ['masg --sandbox mcp', 'masg mcp --allow-writes', 'masg mcp --db stats.duckdb --query-timeout 10'],
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
