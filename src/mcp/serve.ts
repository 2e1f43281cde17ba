// `masg mcp`: the server over stdio. stdout carries the protocol and nothing else; every byte
// written to stdout or stderr goes through the CLI's redactor of every account's secrets (and of
// every MCP bearer token), so no key leaves the process in any encoding. The server runs until the client closes stdin (or
// Ctrl-C / SIGTERM), then closes every account's client and the embedded sandbox.
import { Writable } from 'node:stream';
import type { Context } from '../context.js';
import { InterruptedError } from '../core/errors.js';
import { Accounts } from './accounts.js';
import { createServer } from './server.js';
import type { ToolSpec } from './tool.js';
import { configuredWarehouse } from './warehouse.js';
import { serveHttp, type HttpSettings } from './http.js';

export interface McpOptions {
  allowWrites?: boolean;
  db?: string;
  /** Seconds a warehouse_query statement may run. */
  queryTimeout?: number;
  /** Streamable HTTP instead of stdio, with its TLS and gate settings, checked by checkHttp. */
  http?: HttpSettings;
}

/** A stream that writes each chunk, redacted, to `to` (the transport writes one whole message per chunk). */
function redacting(to: NodeJS.WritableStream, accounts: () => Accounts): Writable {
  return new Writable({
    write(chunk: Buffer | string, _enc, done) {
      const text = accounts().redact()(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      if (to.write(text)) done();
      else to.once('drain', () => done());
    },
  });
}

export async function serveMcp(ctx: Context, opts: McpOptions): Promise<void> {
  const warehouse = warehouseTools(ctx, opts);
  const { serveStdio, StdioServerTransport } = await import('@modelcontextprotocol/server/stdio');
  // stderr is redacted by the accounts it is given to: made first, it finds them made.
  const made: { accounts?: Accounts } = {};
  const stderr = redacting(ctx.io.stderr, () => made.accounts!);
  const accounts = (made.accounts = new Accounts({ ...ctx.io, stderr }, ctx.globals, ctx.version));
  if (opts.http) return serveOverHttp(ctx, accounts, stderr, opts, warehouse);
  const stdout = redacting(ctx.io.stdout, () => accounts);
  // The default account is read at once (the sandbox started, its key known to the redactor):
  // the first call does not wait for it. A failure is the first call's error, in its words.
  void accounts
    .context(undefined)
    .then((c) => c.credentials())
    .catch(() => undefined);
  const ended = new Promise<void>((resolve) => {
    ctx.io.stdin.once('end', resolve);
    ctx.io.stdin.once('close', resolve);
    ctx.io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  if (ctx.io.stdin.isTTY)
    stderr.write('masg mcp speaks the Model Context Protocol on stdin and stdout: add it to an agent (docs/mcp.md). Ctrl-C stops it.\n');
  const transport = new StdioServerTransport(ctx.io.stdin, stdout);
  const handle = serveStdio(() => createServer(accounts, { version: ctx.version, allowWrites: Boolean(opts.allowWrites), warehouse }), {
    transport,
    onerror: (err) => void stderr.write(`masg mcp: ${err.message}\n`),
  });
  try {
    await ended;
  } finally {
    await handle.close().catch(() => undefined);
    await accounts.close();
  }
}

function warehouseTools(ctx: Context, opts: McpOptions): ToolSpec[] | undefined {
  return configuredWarehouse(ctx, opts.db, opts.queryTimeout);
}

/** Until Ctrl-C / SIGTERM: stdin is not the protocol's here, so its end does not stop the server. */
async function serveOverHttp(
  ctx: Context,
  accounts: Accounts,
  stderr: Writable,
  opts: McpOptions,
  warehouse: ToolSpec[] | undefined,
): Promise<void> {
  try {
    const serving = await serveHttp(accounts, stderr, {
      ...opts.http!,
      allowWrites: Boolean(opts.allowWrites),
      configDir: ctx.configDir,
      version: ctx.version,
      warehouse,
    });
    if (!ctx.io.signal.aborted) await new Promise((resolve) => ctx.io.signal.addEventListener('abort', resolve, { once: true }));
    await serving.close();
    // Ctrl-C / SIGTERM is the only way this server ends: the documented 130, once every connection is closed.
    throw new InterruptedError();
  } finally {
    await accounts.close();
  }
}
