// STOPPED is permanent: stopping publications asks once on a terminal, and without one refuses
// unless --yes. The question names them ("Daily News", not 3f2c…); bare IDs are looked up with one
// list request, falling back to the IDs when that read fails.
import type { BulkPort } from './port.js';
import { UsageError } from '../core/errors.js';
import { sanitizeForDisplay } from '../output/sanitize.js';

export interface StopTarget {
  id: string;
  name?: string;
}

/** Publications listed in the question; the rest are counted. */
const SHOWN = 10;

export async function confirmStops(
  ctx: Pick<BulkPort, 'dryRun' | 'interactive' | 'sdk' | 'confirm'>,
  targets: readonly (string | StopTarget)[],
  yes: boolean,
): Promise<void> {
  if (targets.length === 0 || yes || ctx.dryRun) return;
  const ids = targets.map((t) => (typeof t === 'string' ? t : t.id));
  const short =
    ids.length === 1 ? `publication ${ids[0]}` : `${ids.length} publications (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})`;
  const instead = `pass --yes to stop ${short} (STOPPED is permanent)`;
  if (!ctx.interactive) {
    await ctx.confirm('', { instead }); // throws: no terminal to ask on
    return;
  }
  const named = await withNames(ctx, targets);
  const label = (t: StopTarget) => (t.name ? `"${sanitizeForDisplay(t.name)}" (${t.id})` : `${t.id} (name unknown)`);
  const what =
    named.length === 1
      ? `publication ${label(named[0])}`
      : `${named.length} publications:\n${named
          .slice(0, SHOWN)
          .map((t) => `  ${label(t)}\n`)
          .join('')}${named.length > SHOWN ? `  …and ${named.length - SHOWN} more\n` : ''}`;
  const question =
    named.length === 1
      ? `Stop ${what}? A stopped publication can never be reactivated.`
      : `Stop ${what}A stopped publication can never be reactivated. Stop them all?`;
  const ok = await ctx.confirm(question, { default: false, instead });
  if (!ok) throw new UsageError('Not stopped: confirmation declined; nothing was sent.');
}

async function withNames(ctx: Pick<BulkPort, 'sdk'>, targets: readonly (string | StopTarget)[]): Promise<StopTarget[]> {
  const given = targets.map((t) => (typeof t === 'string' ? { id: t } : t));
  if (given.every((t) => t.name !== undefined)) return given;
  try {
    const sdk = await ctx.sdk();
    const names = new Map<string, string>();
    for await (const pub of sdk.listPublications()) names.set(pub.id, pub.name);
    return given.map((t) => ({ id: t.id, name: t.name ?? names.get(t.id) }));
  } catch {
    return given;
  }
}
