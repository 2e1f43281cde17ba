import { defineCommand } from '../../command-kit/define.js';
import { ConfigError, UsageError } from '../../core/errors.js';
import * as config from '../../config/index.js';
import { configFile, saveActiveProfile } from '../../config/active-profile.js';

// `masg switch NAME`, as `gh auth switch`: the profile used when neither --profile nor MASG_PROFILE names one.
export const switchProfile = defineCommand<Record<string, never>>({
  async run(ctx, _opts, [name]) {
    if (ctx.globals.sandbox)
      throw new UsageError('--sandbox always uses its demo account: there is no profile to switch to.', { field: '--sandbox' });
    const profile = config.checkProfileName(name, '<profile>');
    await config.openStore(ctx.configDir, { env: ctx.io.env }); // creates the folder, reports a corrupt file
    const file = configFile(ctx.configDir);
    if (!(await saveActiveProfile(file, profile))) {
      throw new ConfigError(`There is no profile named "${profile}" (in ${file}).`, {
        hint: `\`masg profiles\` lists the saved ones; \`masg login --profile ${profile}\` creates it.`,
      });
    }
    const ui = await ctx.ui();
    ui.notice(`masg: profile "${profile}" is now the active one.`);
    const env = ctx.io.env;
    if (env.MASG_PROFILE?.trim()) ui.notice(`masg: MASG_PROFILE=${env.MASG_PROFILE} is set in this shell and still wins over it.`);
    return { kind: 'done' };
  },
});
