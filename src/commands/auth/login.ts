import { UsageError } from '../../core/errors.js';
import type { DryRun } from '../../sdk/types.js';
import { defineCommand } from '../../command-kit/define.js';
import { dryRunResult } from '../../command-kit/raw.js';
import * as config from '../../config/index.js';
import { createPrompter } from '../../prompt.js';
import { adoptFirstProfile, configFile } from '../../config/active-profile.js';
import { login as saveLogin } from './login-core.js';

/**
 * --sandbox always acts as its own demo account, so login/logout with it can only mean a mistake:
 * saving credentials for a server that is gone when the command ends, or removing real ones.
 */
export function sandboxNeedsNoCredentials(command: string): UsageError {
  return new UsageError(`--sandbox needs no ${command}: it always uses the embedded sandbox's demo account.`, {
    field: '--sandbox',
    hint: `Run \`masg ${command}\` without --sandbox to change your saved credentials.`,
  });
}

/** The flags of `masg login`, as commander gives them. */
export interface LoginFlags {
  email?: string;
  keyStdin?: boolean;
  timezone?: string;
  /** --no-keyring: keep the key in the config file. */
  keyring?: boolean;
}

export const login = defineCommand<LoginFlags>({
  // --dry-run: the credentials' check is described, nothing saved.
  supports: { dryRun: true },
  async run(ctx, opts) {
    if (ctx.globals.sandbox) throw sandboxNeedsNoCredentials('login');
    const { name: profile } = config.resolveProfileName(ctx.globals, ctx.io.env, configFile(ctx.configDir));
    // Same precedence as everywhere: a flag, then the environment, then (inside login) the stored
    // profile or a prompt. The key itself never comes from the environment here: login saves it.
    const env = (name: string) => ctx.io.env[name] || undefined;
    const described: DryRun[] = [];
    const result = await saveLogin(
      {
        profile,
        email: opts.email ?? env('MASG_EMAIL'),
        baseUrl: ctx.globals.baseUrl ?? env('MASG_BASE_URL'),
        keyStdin: opts.keyStdin === true,
        timezone: opts.timezone,
      },
      {
        store: await config.openStore(ctx.configDir, { env: opts.keyring === false ? { ...ctx.io.env, MASG_KEYRING: '0' } : ctx.io.env }),
        prompt: createPrompter({ stdin: ctx.io.stdin, stderr: ctx.io.stderr, isTTY: ctx.interactive }),
        stdin: ctx.io.stdin,
        // One cheap authenticated read: a wrong e-mail or key fails here, before anything is saved.
        verify: async (creds) => {
          const client = await ctx.sdkFor(creds);
          // The body is not needed: `raw` leaves it unparsed.
          if (!ctx.globals.dryRun) return void (await client.listAdvertisers({ raw: true }));
          described.push(await client.listAdvertisers({ dryRun: true }));
          return false;
        },
      },
    );
    if (!result) return dryRunResult(described);
    const ui = await ctx.ui();
    for (const warning of result.warnings) ui.warn(warning);
    for (const notice of result.notices) ui.notice(notice);
    ui.notice(
      `Logged in as ${result.email} (profile "${result.profile}", ${result.baseUrl}, time zone ${result.timezone}); saved to ${result.path}${result.inKeyring ? `, the key in ${result.keyLocation}` : ''}.`,
    );
    const use = await adoptFirstProfile(configFile(ctx.configDir), result.profile);
    if (use === 'adopted')
      ui.notice(`Profile "${result.profile}" is now the active one (the first saved): commands use it without --profile.`);
    else if (use === 'other' && ctx.globals.profile !== undefined)
      ui.notice(`To use it: --profile ${result.profile} on each command, or \`masg switch ${result.profile}\` to make it the active one.`);
    return { kind: 'done' };
  },
});
