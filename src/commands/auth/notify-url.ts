// `masg notify-url set|remove`: the webhook of `masg pulse --notify` saved in a profile, a secret
// like the key. As `gh secret set`, the value comes from a pipe or a hidden prompt, never from the
// command line (`ps`, shell history); no output ever shows it. Not part of `masg login`: that
// verifies and saves the key, which changing a webhook should not need.
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { UsageError } from '../../core/errors.js';
import { defineCommand } from '../../command-kit/define.js';
import type { Context } from '../../context.js';
import * as config from '../../config/index.js';
import { checkNotifyUrl } from '../../config/notify-url.js';
import { createPrompter } from '../../prompt.js';

/** What commander lets through: the choices of its declaration (auth/index.ts). */
type Action = 'set' | 'remove';

export const notifyUrl = defineCommand<Record<string, never>>({
  supports: { dryRun: true },
  async run(ctx, _opts, [word]) {
    const action = word as Action; // commander refused anything but NOTIFY_URL_ACTIONS
    if (ctx.globals.sandbox) {
      throw new UsageError('--sandbox has no profile to keep a webhook in: set MASG_NOTIFY_URL for its pulse.', { field: '--sandbox' });
    }
    const { name: profile } = config.resolveProfileName(ctx.globals, ctx.io.env, join(ctx.configDir, 'config.json'));
    const store = await config.openStore(ctx.configDir, { env: ctx.io.env });
    const ui = await ctx.ui();
    const before = await store.get(profile);
    if (before === undefined) throw config.noProfile(profile, store.path);
    if (action === 'remove') {
      const had = before.notifyUrl !== undefined || before.notifyUrlKeyring === true;
      if (!had) ui.notice(`Profile "${profile}" has no webhook URL; nothing to remove.`);
      else if (ctx.globals.dryRun) ui.notice(`--dry-run: the webhook URL of profile "${profile}" would be removed; nothing was changed.`);
      else {
        await store.setNotifyUrl(profile, undefined);
        for (const notice of store.drainNotices?.() ?? []) ui.notice(notice);
        ui.notice(`Removed the webhook URL of profile "${profile}".`);
      }
    } else {
      const url = await readUrl(ctx, profile);
      if (ctx.globals.dryRun) {
        ui.notice(`--dry-run: the webhook URL of profile "${profile}" is valid; nothing was saved.`);
        return { kind: 'done' };
      }
      await store.setNotifyUrl(profile, { url });
      for (const notice of store.drainNotices?.() ?? []) ui.notice(notice);
      const inKeyring = (await store.get(profile))?.notifyUrlKeyring === true;
      ui.notice(
        `Saved the webhook URL of profile "${profile}" in ${inKeyring ? 'the system keyring' : store.path}; masg pulse --notify uses it.`,
      );
    }
    if (ctx.io.env.MASG_NOTIFY_URL?.trim()) ui.notice("MASG_NOTIFY_URL is set in this environment: it wins over the profile's URL.");
    return { kind: 'done' };
  },
});

/** From a pipe (one line; `echo`'s newline dropped), else a hidden prompt; registered as a secret before it is checked. */
async function readUrl(ctx: Context, profile: string): Promise<string> {
  let text: string;
  if (!ctx.io.stdin.isTTY) text = (await readAll(ctx.io.stdin)).replace(/\r?\n$/, '');
  else {
    const prompt = createPrompter({ stdin: ctx.io.stdin, stderr: ctx.io.stderr, isTTY: ctx.interactive });
    const flag = profile === 'default' ? '' : ` --profile ${profile}`;
    text = await prompt.secret('Webhook URL', { instead: `pipe it in: \`printf %s "$WEBHOOK_URL" | masg${flag} notify-url set\`` });
  }
  if (text.trim() !== '') ctx.secrets.push(text.trim());
  if (/[\r\n]/.test(text)) throw new UsageError('The webhook URL must be a single line.', { field: 'stdin' });
  return checkNotifyUrl(text, 'The webhook URL');
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
