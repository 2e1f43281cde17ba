// `masg pulse --notify`: the alerts that changed since the last run, posted to a webhook. The URL
// is a secret like the key (--notify URL; with a bare --notify MASG_NOTIFY_URL or the profile's, so
// it stays out of `ps`): it is redacted from every message and never printed. The state (what was posted, per
// account, day and finding) lives in the configuration folder, replaced atomically under a lock,
// once the post succeeded or may have (sent, no answer: never posted twice); a post that surely
// failed is tried again by the next run.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError, type NetworkError } from '../core/errors.js';
import type { Context } from '../context.js';
import type { PulseReport } from '../pulse/types.js';
import { resolveNotifyUrl } from '../config/notify-url.js';
import * as config from '../config/index.js';
import * as notify from '../pulse/notify.js';
import { postNotification } from '../pulse/notify-post.js';
import { withFileLock, readIfExists } from '../core/file-lock.js';
import { writeFileAtomic } from '../core/atomic-file.js';

export type NotifyFormat = 'slack' | 'json';

export interface NotifyTarget {
  url: string;
  format: NotifyFormat;
  /** Several accounts and no --notify URL or MASG_NOTIFY_URL: each posts to its own profile's (accountNotifyTargets). */
  fromProfiles?: boolean;
}

/**
 * The webhook of --notify URL, else MASG_NOTIFY_URL, else the profile's (`masg notify-url set`),
 * checked before anything is read or sent and registered as a secret at once.
 */
export async function notifyTarget(
  ctx: Context,
  flag: string | boolean | undefined,
  format: string | undefined,
): Promise<NotifyTarget | undefined> {
  if (flag === undefined || flag === false) {
    if (format !== undefined) throw new UsageError('--notify-format applies to --notify.', { field: '--notify-format' });
    return undefined;
  }
  // Secrets before any check: whatever a message might carry is redacted.
  for (const given of [flag, ctx.io.env.MASG_NOTIFY_URL]) if (typeof given === 'string' && given.trim()) ctx.secrets.push(given.trim());
  const several = (await ctx.accounts()) !== undefined;
  const found = await resolveNotifyUrl({ flag: flag === true ? undefined : flag, env: ctx.io.env, profile: await profileOf(ctx) });
  if (found === undefined && several) return { url: '', format: checkFormat(format), fromProfiles: true };
  if (found === undefined) {
    throw new UsageError('--notify: no webhook URL: give it (--notify URL), set MASG_NOTIFY_URL, or save it in the profile.', {
      field: '--notify',
      hint: '`masg notify-url set` keeps the URL, a secret, in the profile (the system keyring where there is one): see docs/pulse.md ("Notifications").',
    });
  }
  ctx.secrets.push(found.url);
  return { url: found.url, format: checkFormat(format) };
}

function checkFormat(format: string | undefined): NotifyFormat {
  const kind = format ?? 'slack';
  if (kind !== 'slack' && kind !== 'json') {
    throw new UsageError(`--notify-format: "${kind}" is not slack or json.`, { field: '--notify-format' });
  }
  return kind;
}

/**
 * Where each of several accounts posts: the one URL given (flag or MASG_NOTIFY_URL), else each
 * profile's own, all checked before anything is read, so a profile without one fails first.
 */
export async function accountNotifyTargets(ctx: Context, target: NotifyTarget, names: string[]): Promise<Map<string, NotifyTarget>> {
  if (!target.fromProfiles) return new Map(names.map((name) => [name, target]));
  const store = () => config.openStore(ctx.configDir, { env: ctx.io.env });
  const targets = new Map<string, NotifyTarget>();
  for (const name of names) {
    const found = await resolveNotifyUrl({ env: ctx.io.env, profile: { name, store } });
    if (found === undefined) {
      throw new UsageError(`--notify: profile "${name}" has no webhook URL, and neither --notify URL nor MASG_NOTIFY_URL gives one.`, {
        field: '--notify',
        hint: `Save one with \`masg --profile ${name} notify-url set\`, or give one URL for every account.`,
      });
    }
    ctx.secrets.push(found.url);
    targets.set(name, { url: found.url, format: target.format });
  }
  return targets;
}

/** The profile whose webhook a bare --notify may use: none under --sandbox (its demo account has no profile), none for a list. */
async function profileOf(ctx: Context) {
  if (ctx.globals.sandbox || (await ctx.accounts()) !== undefined) return undefined;
  const { name } = config.resolveProfileName(ctx.globals, ctx.io.env, join(ctx.configDir, 'config.json'));
  return { name, store: () => config.openStore(ctx.configDir, { env: ctx.io.env }) };
}

/** The state file of an account: one per account, so two accounts never share what was said. */
function statePath(ctx: Context, account: string): string {
  return join(ctx.configDir, 'pulse', `notified-${account.replace(/[^\w.@-]/g, '_')}.json`);
}

/**
 * Posts the alerts raised or cleared since the last run (nothing when none), then records them.
 * Resolves with the post's failure (exit 6 once the report is written): the state left as it was
 * when the post surely failed, recorded when it may have arrived (so the next run does not post it again).
 */
export async function notifyChanges(ctx: Context, report: PulseReport, target: NotifyTarget): Promise<NetworkError | undefined> {
  const account = report.account ?? '';
  const file = statePath(ctx, account);
  await mkdir(join(ctx.configDir, 'pulse'), { recursive: true, mode: 0o700 });
  return withFileLock(file, async () => {
    const state = notify.parseState(await readIfExists(file), account);
    const changes = notify.changesOf(report, state);
    if (!notify.hasChanges(changes)) return undefined;
    const payload = target.format === 'json' ? notify.jsonPayload(report, changes) : notify.slackPayload(changes, report.account);
    const ui = await ctx.ui();
    const g = ctx.globals;
    let posted: Awaited<ReturnType<typeof postNotification>>;
    try {
      posted = await postNotification(target.url, payload, {
        retries: g.retries,
        timeoutMs: g.timeout * 1000,
        idempotencyKey: notify.changeKey(account, changes),
        deadlineAt: ctx.deadlineAt,
        signal: ctx.io.signal,
        onRetry: ({ next, of, reason }) => ui.notice(`masg: posting the notification again (${reason}), attempt ${next} of ${of}.`),
      });
    } catch (err) {
      if (err instanceof Error && 'exitCode' in err && err.exitCode === 6) return err as NetworkError;
      throw err;
    }
    await writeFileAtomic(file, `${JSON.stringify(notify.nextState(report, state))}\n`, { mode: 0o600 });
    if (posted.posted === 'maybe') return posted.error;
    ui.notice(`masg: notified ${changes.raised.length} new and ${changes.cleared.length} cleared alert(s).`);
    return undefined;
  });
}
