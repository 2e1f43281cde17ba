// The MCP server masg serves: its tools, chosen once at start-up. Reads are always there; the
// warehouse's only when one is configured; writes only with --allow-writes, so a client that
// never asked for them does not even see them in tools/list.
import { McpServer } from '@modelcontextprotocol/server';
import type { Accounts } from './accounts.js';
import { accountsTool, inventoryTools } from './inventory.js';
import { pulseTool } from './pulse.js';
import { statsTools } from './stats.js';
import { register, type Call, type ToolSpec } from './tool.js';
import { writeTools } from './writes.js';

export interface ServerOptions {
  version: string;
  /** --allow-writes (and, over HTTP, a token that is not read-only): the write tools are offered. */
  allowWrites: boolean;
  /** The warehouse tools, when a warehouse is configured. */
  warehouse?: ToolSpec[];
  /** Who calls (over HTTP: the bearer token's hash): confirmation tokens are bound to it. */
  principal?: string;
}

export const READ_TOOLS: readonly ToolSpec[] = [accountsTool, ...inventoryTools, ...statsTools, pulseTool];

const INSTRUCTIONS =
  'masg: the publisher and advertiser data of a mobile ad-serving account. Start with pulse for "how did yesterday go"; ' +
  "use the *_stats tools for figures (totals are exact, never sum rows yourself); days are in the account's time zone; " +
  "money is exact decimal strings in each row's currency, never summed across currencies.";

export function createServer(accounts: Accounts, opts: ServerOptions): McpServer {
  const server = new McpServer({ name: 'masg', version: opts.version }, { instructions: INSTRUCTIONS });
  const call = (extra: unknown): Call => ({
    accounts,
    principal: opts.principal,
    context: (account) => accounts.context(account),
    canElicit: () => Boolean(server.server.getClientCapabilities()?.elicitation),
    elicit: async (message) => {
      const ask = (
        extra as {
          mcpReq: { elicitInput: (p: unknown) => Promise<{ action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }> };
        }
      ).mcpReq.elicitInput;
      const answer = await ask({
        mode: 'form',
        message,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Yes, do it' } }, required: ['confirm'] },
      });
      return answer.action === 'accept' && answer.content?.confirm !== true ? 'decline' : answer.action;
    },
  });
  for (const spec of [...READ_TOOLS, ...(opts.warehouse ?? []), ...(opts.allowWrites ? writeTools : [])]) register(server, spec, call);
  return server;
}
