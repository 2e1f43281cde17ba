import { defineCommand } from '../../command-kit/define.js';
import * as config from '../../config/index.js';
import { listProfiles } from '../../config/profiles.js';

export const profiles = defineCommand<Record<string, never>>({
  async run(ctx) {
    const store = await config.openStore(ctx.configDir, { env: ctx.io.env });
    const { name: active } = config.resolveProfileName(ctx.globals, ctx.io.env, store.path);
    const envZone = ctx.io.env.MASG_TIMEZONE?.trim() ? config.checkTimezone(ctx.io.env.MASG_TIMEZONE, 'MASG_TIMEZONE') : undefined;
    const rows = await listProfiles(store, active, envZone);
    const ui = await ctx.ui();
    const env = ctx.io.env;
    if (ctx.globals.sandbox) ui.notice("--sandbox commands use the sandbox's demo account, not these profiles.");
    else if (env.MASG_EMAIL || env.MASG_DEVELOPER_KEY)
      ui.notice("MASG_EMAIL / MASG_DEVELOPER_KEY are set: they take precedence over the active profile's (see `masg whoami`).");
    if (!ctx.globals.sandbox && !rows.some((r) => r.active === 'true'))
      ui.notice(
        `The active profile "${active}" is not saved: \`masg login${active === 'default' ? '' : ` --profile ${active}`}\` creates it.`,
      );
    return {
      kind: 'rows',
      entity: 'profiles',
      columns: [
        { key: 'active', type: 'bool' },
        { key: 'name', priority: 1 },
        { key: 'email', priority: 1 },
        { key: 'baseUrl', wrap: true },
        { key: 'timezone' },
        { key: 'timezoneSource', priority: 3 },
        { key: 'keyLocation', wrap: true, priority: 3 },
        { key: 'notifyUrl', priority: 3 },
      ],
      rows: rows.map((r) => ({ ...r })),
    };
  },
});
