// `masg mcp token create|list|revoke`: the bearer tokens of `masg mcp --http`. create prints the
// token once, alone on stdout (so `TOKEN=$(masg mcp token create alice …)` works) and keeps only
// its hash; list never shows a token; revoke counts from the server's next request.
import { UsageError } from '../core/errors.js';
import { defineCommand } from '../command-kit/define.js';
import type { Context } from '../context.js';
import * as config from '../config/index.js';
import * as store from '../config/mcp-tokens.js';

export interface McpTokenOptions {
  readOnly?: boolean;
  expires?: string;
}

/** The token's accounts: --profile a,b or --all-profiles (global flags), each a saved profile. */
async function tokenAccounts(ctx: Context): Promise<string[] | '*'> {
  if (ctx.globals.allProfiles) return '*';
  const given = ctx.globals.profile ?? ctx.io.env.MASG_PROFILE?.trim();
  if (given === undefined || given === '')
    throw new UsageError('A token needs its accounts: give --profile NAME[,NAME…] or --all-profiles.', {
      field: '--profile',
      hint: 'e.g. masg mcp token create alice --profile acme',
    });
  const list = await ctx.accounts();
  const names = list?.names ?? [given];
  if (ctx.globals.sandbox) return names;
  const store = await config.openStore(ctx.configDir, { env: ctx.io.env });
  const saved = new Set((await store.list()).map((p) => p.name));
  const missing = names.filter((n) => !saved.has(n));
  if (missing.length > 0)
    throw new UsageError(
      `--profile: ${missing.map((n) => `"${n}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not a saved profile.`,
      {
        field: '--profile',
        hint: 'See masg profiles; save one with masg login --profile NAME.',
      },
    );
  return names;
}

export const mcpToken = defineCommand<McpTokenOptions>({
  accounts: 'own',
  async run(ctx, opts, [action, name]) {
    const ui = await ctx.ui();
    if (action === 'list') {
      const tokens = await store.readTokens(ctx.configDir);
      return {
        kind: 'rows',
        entity: 'tokens',
        columns: [
          { key: 'name' },
          { key: 'accounts', wrap: true },
          { key: 'scope' },
          { key: 'expires' },
          { key: 'lastUsed' },
          { key: 'created' },
        ],
        rows: tokens.map((t) => ({
          name: t.name,
          accounts: t.accounts === '*' ? '(all profiles)' : t.accounts.join(','),
          scope: t.readOnly ? 'read-only' : 'read-write',
          expires: t.expires ?? 'never',
          lastUsed: t.lastUsed ?? 'never',
          created: t.created,
        })),
      };
    }
    const tokenName = store.checkTokenName(name);
    if (action === 'revoke') {
      await store.revokeToken(ctx.configDir, tokenName);
      ui.notice(`Revoked token "${tokenName}": a running masg mcp --http refuses it from its next request.`);
      return { kind: 'done' };
    }
    const accounts = await tokenAccounts(ctx);
    const expiresInMs = opts.expires === undefined ? undefined : store.parseExpiry(opts.expires);
    const { token, entry } = await store.createToken(ctx.configDir, {
      name: tokenName,
      accounts,
      readOnly: opts.readOnly === true,
      expiresInMs,
    });
    ctx.io.stdout.write(`${token}\n`);
    ui.notice(
      `Created token "${entry.name}" (${entry.readOnly ? 'read-only' : 'read-write'}, ` +
        `${accounts === '*' ? 'every profile' : accounts.join(', ')}, expires ${entry.expires ?? 'never'}). ` +
        'It is shown only this once: masg keeps its hash only.',
    );
    return { kind: 'done' };
  },
});
