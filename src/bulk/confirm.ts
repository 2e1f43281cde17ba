// STOPPED is permanent: `pub update --status STOPPED` (one or several IDs) and a bulk file that
// stops publications ask once for all of them on a terminal, and without one refuse unless --yes.
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

export async function confirmStops(ctx: Context, ids: readonly string[], yes: boolean): Promise<void> {
  if (ids.length === 0 || yes || ctx.globals.dryRun) return;
  const { createPrompter } = await import('../prompt.js');
  const prompter = createPrompter({ stdin: ctx.io.stdin, stderr: ctx.io.stderr, isTTY: ctx.interactive });
  const what = ids.length === 1 ? `publication ${ids[0]}` : `${ids.length} publications (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})`;
  const ok = await prompter.confirm(`Stop ${what}? A stopped publication can never be reactivated.`, {
    default: false,
    instead: `pass --yes to stop ${what} (STOPPED is permanent)`,
  });
  if (!ok) throw new UsageError('Not stopped: confirmation declined; nothing was sent.');
}
