// Tab's way to the service, handed to completion/ by cli.ts: a silent Context for the line's
// account, no retries (a late answer is no answer), the budget as timeout, the deadline as signal.
import { nullIo } from './completion/null-io.js';
import { Context, type GlobalOptions } from './context.js';
import type { MasgClient } from './sdk/types.js';

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
      // Let a starting sandbox finish so close() stops it; its socket would keep the shell waiting.
      await ctx.credentials().catch(() => undefined);
      await ctx.close();
    },
  };
}
