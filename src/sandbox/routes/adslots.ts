import { blankName, invalid, otherPublisherAccount } from '../errors.js';
import { byName } from '../store.js';
import type { PublicationRecord } from '../types.js';
import { NAME_MAX, optional, parseFormats, parseTags, required, truncate } from '../validate.js';
import { adSlotFields } from '../views.js';
import { entityReply, listReply } from '../wire/reply.js';
import { ownAdSlot } from './lookup.js';
import { route, type RouteContext } from './route.js';

/** Create and list name an unknown publication with a 5000 (not the 2000 of /publication/{id}). */
function publicationParam(ctx: RouteContext, id: string): PublicationRecord {
  const p = ctx.store.find('publications', id, ctx.account.email);
  if (!p) throw invalid(`No such Publication: ${id}`);
  if (p.account !== ctx.account.email) throw otherPublisherAccount('Publication', id);
  return p;
}

export const createAdSlot = route({
  method: 'POST',
  pattern: 'adslot/create',
  mutates: true,
  parse: (p) => ({
    publication: required(p, 'publication'),
    name: required(p, 'name'),
    formats: parseFormats(required(p, 'formats')),
    tags: p.tags === undefined ? [] : parseTags(p.tags),
  }),
  run: (ctx: RouteContext, input) => {
    publicationParam(ctx, input.publication);
    if (input.name.trim() === '') throw blankName();
    const slot = {
      id: ctx.store.newId(),
      account: ctx.account.email,
      publication: input.publication,
      name: truncate(input.name, NAME_MAX),
      formats: input.formats,
      tags: input.tags,
      createdAt: ctx.now.toISOString(),
    };
    ctx.store.addAdSlot(slot);
    return entityReply(ctx.format, 'adslot', adSlotFields(slot));
  },
});

export const updateAdSlot = route({
  method: 'POST',
  pattern: 'adslot/:id',
  mutates: true,
  parse: (p, [id]) => ({
    id: id,
    // Production requires the name on every update; an empty one is a blank name (2002), later.
    name: required(p, 'name', true),
    formats: p.formats === undefined ? undefined : parseFormats(p.formats),
    tags: p.tags === undefined ? undefined : parseTags(p.tags),
  }),
  run: (ctx: RouteContext, input) => {
    const slot = ownAdSlot(ctx, input.id);
    if (input.name.trim() === '') throw blankName();
    slot.name = truncate(input.name, NAME_MAX);
    if (input.formats) slot.formats = input.formats;
    if (input.tags) slot.tags = input.tags;
    return entityReply(ctx.format, 'adslot', adSlotFields(slot));
  },
});

export const listAdSlots = route({
  method: 'GET',
  pattern: 'adslot/list',
  parse: (p) => optional(p, 'publication'),
  run: (ctx: RouteContext, publication) => {
    const rows =
      publication === undefined
        ? [...ctx.store.of(ctx.account.email).adslots.values()]
        : [...ctx.store.slotsOf(publicationParam(ctx, publication).id, ctx.account.email)];
    return listReply(ctx.format, 'adslot', byName(rows).map(adSlotFields));
  },
});

export const viewAdSlot = route({
  method: 'GET',
  pattern: 'adslot/:id',
  parse: (_p, [id]) => id,
  run: (ctx: RouteContext, id) => entityReply(ctx.format, 'adslot', adSlotFields(ownAdSlot(ctx, id))),
});
