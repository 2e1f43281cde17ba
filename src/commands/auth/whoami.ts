import { defineCommand } from '../../command-kit/define.js';
import type { Context } from '../../context.js';
import { AuthError, MasgError, NetworkError } from '../../core/errors.js';
import type { resolveNotifyUrl as ResolveNotifyUrl } from '../../config/notify-url.js';
import * as config from '../../config/index.js';
import { maskKey, whoami as describeAccount, ZONE_UNKNOWN } from './whoami-core.js';
import { resolveNotifyUrl } from '../../config/notify-url.js';

export const whoami = defineCommand<Record<string, never>>({
  // --dry-run: the credentials are shown, not checked with the service.
  supports: { dryRun: true },
  async run(ctx) {
    const g = ctx.globals;
    const store = await config.openStore(ctx.configDir, { env: ctx.io.env });
    // --sandbox must not be ignored here: the commands it goes with act as the demo account.
    const creds = g.sandbox ? await ctx.credentials() : undefined;
    const sandbox = creds && { url: creds.baseUrl, email: creds.email, key: creds.key, timezone: creds.timezone };
    // partial: report a half-configured set-up instead of failing on what is missing.
    const settings = await config.resolveSettings({
      flags: { profile: g.profile, baseUrl: g.baseUrl, sandbox },
      env: ctx.io.env,
      store,
      partial: true,
    });
    const ui = await ctx.ui();
    for (const warning of settings.warnings) ui.warn(warning);
    const row = describeAccount(settings);
    if (row.timezoneSource === 'none') ui.notice(ZONE_UNKNOWN);
    const webhook = await notifyUrlOf(ctx, g.sandbox ? undefined : { name: settings.profile, store: () => Promise.resolve(store) });
    const complete = settings.email !== '' && settings.key !== '' && settings.baseUrl !== '';
    const checked = complete ? await checkWithService(ctx) : { check: 'not checked', note: 'the e-mail, key or base URL is missing.' };
    if (checked.note) ui.notice(`masg: the credentials were not checked with the service: ${checked.note}`);
    return {
      kind: 'record',
      columns: [
        'profile',
        'email',
        'baseUrl',
        'baseUrlSource',
        'keySource',
        'keyLocation',
        'key',
        'timezone',
        'timezoneSource',
        'notifyUrl',
        'notifyUrlSource',
        'check',
      ].map((key) => ({ key })),
      row: { ...row, ...webhook, check: checked.check },
      failure: checked.failure,
    };
  },
});

/**
 * The webhook `masg pulse --notify` would use (MASG_NOTIFY_URL, else the profile's), masked as the
 * key is: never more than its last 4 characters. A keyring that cannot answer is a warning here.
 */
async function notifyUrlOf(ctx: Context, profile: Parameters<typeof ResolveNotifyUrl>[0]['profile']) {
  const ui = await ctx.ui();
  try {
    const found = await resolveNotifyUrl({ env: ctx.io.env, profile });
    if (found === undefined) return { notifyUrl: '', notifyUrlSource: 'none' };
    ctx.secrets.push(found.url);
    return { notifyUrl: maskKey(found.url), notifyUrlSource: found.source };
  } catch (err) {
    if (!(err instanceof MasgError)) throw err;
    ui.warn(err.message);
    return { notifyUrl: '', notifyUrlSource: 'unknown' };
  }
}

/**
 * One cheap authenticated read, as `gh auth status` does: `accepted`, `rejected` (printed, then
 * exit 4), or `not checked` when the service cannot be reached, so whoami still answers offline.
 */
async function checkWithService(ctx: Context): Promise<{ check: string; note?: string; failure?: Error }> {
  if (ctx.globals.dryRun) return { check: 'not checked', note: '--dry-run sends nothing.' };
  try {
    // The body is not needed: `raw` leaves it unparsed.
    await (await ctx.sdk()).listAdvertisers({ raw: true });
    return { check: 'accepted' };
  } catch (err) {
    if (err instanceof AuthError) return { check: 'rejected', failure: err };
    if (err instanceof NetworkError) return { check: 'not checked', note: err.message };
    throw err;
  }
}
