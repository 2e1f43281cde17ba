// Tab's way to the service (src/completion/live.ts takes it as a parameter, handed over by
// src/cli.ts, so completion/ never imports the CLI shell): a Context for the account the line
// names, resolved exactly as for a command, with IO that never talks to the user, no retries (a
// Tab press has one short budget, and an answer too late is no answer), the budget as timeout
// and the deadline as its signal, so no request outlives it. A --dry-run on the line changes
// nothing here: reads are sent under a dry run anyway.
import { nullIo } from '../completion/null-io.js';
import { Context, type GlobalOptions } from '../context.js';
import type { MasgClient } from '../sdk/types.js';

export function openLineSession(
  env: Record<string, string | undefined>,
  version: string,
  line: { profile?: string; baseUrl?: string; sandbox?: boolean },
  deadline: AbortSignal,
  budgetMs: number,
): { sdk(): Promise<MasgClient>; close(): Promise<void> } {
  const globals: GlobalOptions = { ...line, header: true, color: 'never', quiet: true, timeout: budgetMs / 1000, retries: 0 };
  const ctx = new Context(nullIo(env, deadline), globals, version);
  return {
    sdk: () => ctx.sdk(),
    close: async () => {
      // A deadline hit while the embedded sandbox was still starting: let it finish starting so
      // that close() stops it, or its listening socket would keep the process (and the shell) waiting.
      await ctx.credentials().catch(() => undefined);
      await ctx.close();
    },
  };
}
