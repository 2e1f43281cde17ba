// Statistics endpoints. As in production, a reversed range is not checked: it simply has no data.

import { campaignNodes } from '../statistics/campaign.js';
import { adSlotNodes, publicationNodes, type PublisherQuery, type StatsContext } from '../statistics/publisher.js';
import { byName } from '../store.js';
import { revisionsOf } from '../statistics/revisions.js';
import { localHour, parseStamp } from '../time.js';
import type { AdSlotRecord, PublicationRecord } from '../types.js';
import { optional, parseBoolean, parseLevel, required, type Params } from '../validate.js';
import { statsReply } from '../wire/reply.js';
import { ownAdSlot, ownCampaign, ownPublication } from './lookup.js';
import { route, type RouteContext } from './route.js';

function parseRange(p: Params): { from: number; to: number } {
  const start = required(p, 'start');
  const end = required(p, 'end');
  return { from: parseStamp(start), to: parseStamp(end) + 1 };
}

function parseQuery(p: Params): PublisherQuery {
  const range = parseRange(p);
  const bycountry = optional(p, 'bycountry');
  const level = optional(p, 'level');
  return {
    ...range,
    byCountry: bycountry === undefined ? false : parseBoolean('bycountry', bycountry),
    level: level === undefined ? 'publication' : parseLevel(level),
  };
}

function statsContext(ctx: RouteContext): StatsContext {
  return {
    seed: ctx.account.seed ?? ctx.store.seed,
    timeZone: ctx.account.timeZone,
    nowHour: localHour(ctx.now, ctx.account.timeZone),
    countries: ctx.countries,
    bareSlotEarnings: ctx.flavor === 'spec',
    revisions: revisionsOf(ctx.store.revisions, ctx.account.email),
  };
}

export const allPublicationStatistics = route({
  method: 'GET',
  pattern: 'publication/statistics',
  parse: (p) => parseQuery(p),
  run: (ctx: RouteContext, q) => {
    const pubs = byName([...ctx.store.of(ctx.account.email).publications.values()]);
    // Lazy: each publication is computed when the writer asks for it.
    const pairs = (function* (): Iterable<[PublicationRecord, AdSlotRecord[]]> {
      for (const p of pubs) yield [p, byName([...ctx.store.slotsOf(p.id, ctx.account.email)])];
    })();
    return statsReply(ctx.format, publicationNodes(statsContext(ctx), pairs, q), false);
  },
});

export const publicationStatistics = route({
  method: 'GET',
  pattern: 'publication/:id/statistics',
  parse: (p, [id]) => ({ id: id, q: parseQuery(p) }),
  run: (ctx: RouteContext, { id, q }) => {
    const pub = ownPublication(ctx, id);
    return statsReply(
      ctx.format,
      publicationNodes(statsContext(ctx), [[pub, byName([...ctx.store.slotsOf(pub.id, ctx.account.email)])]], q),
      true,
    );
  },
});

export const adSlotStatistics = route({
  method: 'GET',
  pattern: 'adslot/:id/statistics',
  // `level` means nothing here; it is ignored like any extra parameter.
  parse: (p, [id]) => ({ id: id, q: parseQuery({ ...p, level: '' }) }),
  run: (ctx: RouteContext, { id, q }) => {
    const slot = ownAdSlot(ctx, id);
    const pub = ctx.store.find('publications', slot.publication, ctx.account.email)!;
    return statsReply(ctx.format, adSlotNodes(statsContext(ctx), slot, pub, q), true);
  },
});

/** Production ignores bycountry and level here, and its JSON drops the campaign level. */
export const campaignStatistics = route({
  method: 'GET',
  pattern: 'campaign/:id/statistics',
  parse: (p, [id]) => ({ id: id, ...parseRange(p) }),
  run: (ctx: RouteContext, { id, from, to }) => {
    const c = ownCampaign(ctx, id);
    const nowHour = localHour(ctx.now, ctx.account.timeZone);
    return statsReply(
      ctx.format,
      campaignNodes(
        ctx.account.seed ?? ctx.store.seed,
        c,
        ctx.account.timeZone,
        nowHour,
        from,
        to,
        revisionsOf(ctx.store.revisions, ctx.account.email),
      ),
      true,
    );
  },
});
