import { join } from 'node:path';
import { defineCommand } from '../../command-kit/define.js';
import { sandboxNeedsNoCredentials } from './login.js';
import * as config from '../../config/index.js';
import { logout as removeProfile } from './logout-core.js';

export const logout = defineCommand<Record<string, never>>({
  async run(ctx) {
    if (ctx.globals.sandbox) throw sandboxNeedsNoCredentials('logout');
    const { name: profile } = config.resolveProfileName(ctx.globals, ctx.io.env, join(ctx.configDir, 'config.json'));
    const result = await removeProfile({ profile }, { store: await config.openStore(ctx.configDir, { env: ctx.io.env }), env: ctx.io.env });
    const ui = await ctx.ui();
    for (const notice of result.notices) ui.notice(notice);
    if (result.removed) ui.notice(`Removed profile "${result.profile}" (${result.email}) from ${result.path}.`);
    return { kind: 'done' };
  },
});
