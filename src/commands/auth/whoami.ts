import { defineTopCommand } from '../../command-kit/define.js';

export const whoami = defineTopCommand<Record<string, never>>({
  name: 'whoami',
  examples: ['masg whoami', 'MASG_PROFILE=ci masg whoami -o json'],
  async run(ctx) {
    const config = await import('../../config/index.js');
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
    const { whoami, ZONE_UNKNOWN } = await import('./whoami-core.js');
    const row = whoami(settings);
    if (row.timezoneSource === 'none') ui.notice(ZONE_UNKNOWN);
    return {
      kind: 'record',
      columns: ['profile', 'email', 'baseUrl', 'baseUrlSource', 'keySource', 'keyLocation', 'key', 'timezone', 'timezoneSource'].map(
        (key) => ({ key }),
      ),
      row: { ...row },
    };
  },
});
