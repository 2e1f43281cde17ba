// `masg mcp` in-process, as an agent's host sees it: main(['mcp', …]) with its stdin and stdout
// as pipes, and the SDK's own Client on the other end. The client's transport is the SDK's
// newline-delimited JSON-RPC stdio framing (StdioServerTransport over the two pipes, the
// server's stdout as its input), the same bytes StdioClientTransport reads from a child process.
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/client';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { main } from '../../src/cli.js';
import type { Io } from '../../src/context.js';

export interface McpRun {
  client: Client;
  /** Every byte the server wrote to stdout so far. */
  stdout(): Buffer;
  stderr(): string;
  /** Closes the client and the server's stdin; resolves with masg's exit code. */
  close(): Promise<number>;
}

export interface ConnectOptions {
  env: Record<string, string | undefined>;
  /** What the client offers: elicitation answers with `onElicit`. */
  onElicit?: (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> };
}

function recorded(): PassThrough & { bytes(): Buffer } {
  const stream = new PassThrough() as PassThrough & { bytes(): Buffer };
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.bytes = () => Buffer.concat(chunks);
  return stream;
}

export async function connectMcp(argv: string[], opts: ConnectOptions): Promise<McpRun> {
  const stdin = new PassThrough();
  const stdout = recorded();
  const stderr = recorded();
  const controller = new AbortController();
  const io: Io = { stdout, stderr, stdin, env: { HOME: '/nonexistent', ...opts.env }, signal: controller.signal };
  const exit = main(argv, io);
  const client = new Client(
    { name: 'masg-test', version: '1.0.0' },
    opts.onElicit ? { capabilities: { elicitation: { form: {} } } } : undefined,
  );
  if (opts.onElicit) {
    const answer = opts.onElicit;
    client.setRequestHandler('elicitation/create', async (request) => answer(String(request.params.message)));
  }
  await client.connect(new StdioServerTransport(stdout, stdin));
  return {
    client,
    stdout: () => stdout.bytes(),
    stderr: () => stderr.bytes().toString('utf8'),
    close: async () => {
      await client.close();
      stdin.end();
      return exit;
    },
  };
}

type CallResult = Awaited<ReturnType<Client['callTool']>>;

export function textOf(result: CallResult): string {
  return (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');
}

export function structured<T = Record<string, unknown>>(result: CallResult): T {
  if (result.isError) throw new Error(`the tool failed: ${textOf(result)}`);
  return result.structuredContent as T;
}

export const READ_TOOLS = [
  'list_accounts',
  'list_publications',
  'list_ad_slots',
  'list_advertisers',
  'list_campaigns',
  'get_publication',
  'get_ad_slot',
  'get_campaign',
  'publisher_stats',
  'ad_slot_stats',
  'campaign_stats',
  'pulse',
];
export const WAREHOUSE_TOOLS = ['warehouse_query', 'warehouse_status'];
export const WRITE_TOOLS = ['create_publication', 'update_publication', 'create_ad_slot', 'update_ad_slot'];
