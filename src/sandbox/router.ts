// Path → route. A path that is not {type}/{service}.{format} with a known method gets the web
// container's HTML 404/405 page, never a masg-error, as in production.

import { createAdSlot, listAdSlots, updateAdSlot, viewAdSlot } from './routes/adslots.js';
import { listAdvertisers, listCampaigns, viewCampaign } from './routes/advertisers.js';
import { createPublication, listPublications, updatePublication, viewPublication } from './routes/publications.js';
import type { Route } from './routes/route.js';
import { adSlotStatistics, allPublicationStatistics, campaignStatistics, publicationStatistics } from './routes/statistics.js';
import type { Format } from './wire/reply.js';

// Literal patterns come first so "publication/list" never reads as a publication called "list".
const ROUTES: Route[] = [
  listPublications,
  createPublication,
  allPublicationStatistics,
  publicationStatistics,
  viewPublication,
  updatePublication,
  listAdSlots,
  createAdSlot,
  adSlotStatistics,
  viewAdSlot,
  updateAdSlot,
  listAdvertisers,
  listCampaigns,
  campaignStatistics,
  viewCampaign,
];

export type Match = { kind: 'route'; route: Route; ids: string[]; format: Format } | { kind: 'html'; status: 404 | 405 };

function matchPattern(pattern: string[], segments: string[]): string[] | undefined {
  if (pattern.length !== segments.length) return undefined;
  const ids: string[] = [];
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === ':id') ids.push(segments[i]);
    else if (pattern[i] !== segments[i]) return undefined;
  }
  return ids;
}

export function splitPath(pathname: string): { segments: string[]; format?: Format } | undefined {
  const parts = pathname.split('/').slice(1);
  const last = parts[parts.length - 1] ?? '';
  const dot = last.lastIndexOf('.');
  const suffix = dot < 0 ? '' : last.slice(dot + 1);
  parts[parts.length - 1] = dot < 0 ? last : last.slice(0, dot);
  try {
    const segments = parts.map(decodeURIComponent);
    return { segments, format: suffix === 'xml' || suffix === 'json' ? suffix : undefined };
  } catch {
    return undefined;
  }
}

export function match(method: string, pathname: string): Match {
  const split = splitPath(pathname);
  if (!split?.format || split.segments.some((s) => s === '')) return { kind: 'html', status: 404 };
  let wrongMethod = false;
  const literalMatched = new Set<string>();
  for (const r of ROUTES) {
    const ids = matchPattern(r.pattern.split('/'), split.segments);
    if (!ids) continue;
    // A literal route that exists for another method must not fall through to "/:id".
    if (ids.length === 0) literalMatched.add(r.pattern);
    else if (literalMatched.size > 0) break;
    if (r.method === method) return { kind: 'route', route: r, ids, format: split.format };
    wrongMethod = true;
  }
  return { kind: 'html', status: wrongMethod ? 405 : 404 };
}
