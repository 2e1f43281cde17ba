import { blankName } from '../errors.js';
import { byName } from '../store.js';
import type { PublicationRecord } from '../types.js';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  SITE_TYPES,
  optional,
  parseBoolean,
  parseCount,
  parseLanguages,
  parseStatus,
  parseType,
  required,
  truncate,
  type Params,
} from '../validate.js';
import { publicationFields } from '../views.js';
import { entityReply, listReply } from '../wire/reply.js';
import { ownPublication } from './lookup.js';
import { route, type RouteContext } from './route.js';

/** Fields shared by create and update, parsed (and so rejected) before authentication. */
function parseCommon(p: Params) {
  const transparent = optional(p, 'transparent');
  const autoapprove = optional(p, 'autoapprove');
  const requests = optional(p, 'requests');
  const uniques = optional(p, 'uniques');
  // requests/uniques are validated then dropped: production accepts and ignores them.
  if (requests !== undefined) parseCount(requests);
  if (uniques !== undefined) parseCount(uniques);
  return {
    description: p.description,
    reference: p.reference,
    url: p.url,
    languages: p.languages === undefined ? undefined : parseLanguages(p.languages),
    transparent: transparent === undefined ? undefined : parseBoolean('transparent', transparent),
    autoapprove: autoapprove === undefined ? undefined : parseBoolean('autoapprove', autoapprove),
  };
}

type Common = ReturnType<typeof parseCommon>;

function apply(pub: PublicationRecord, c: Common & { name?: string }): void {
  if (c.name !== undefined) pub.name = truncate(c.name, NAME_MAX);
  if (c.description !== undefined) pub.description = truncate(c.description, DESCRIPTION_MAX);
  if (c.reference !== undefined) pub.reference = c.reference;
  if (c.url !== undefined) pub.url = c.url;
  if (c.languages !== undefined) pub.languages = c.languages;
  if (c.transparent !== undefined) pub.transparent = c.transparent;
  if (c.autoapprove !== undefined) pub.autoapprove = c.autoapprove;
}

function setStatus(pub: PublicationRecord, status: string, at: Date): void {
  pub.status = status;
  pub.history.push({ at: at.toISOString(), status });
}

/** The review step: a PENDING publication with autoapprove is approved once the answer is out. */
function approve(pub: PublicationRecord, now: Date): void {
  if (pub.status === 'PENDING' && pub.autoapprove) setStatus(pub, 'ACTIVE', now);
}

/** Only ACTIVE↔PAUSED and ACTIVE/PAUSED→STOPPED take effect; other moves are ignored silently. */
const ALLOWED: Record<string, string[]> = { ACTIVE: ['PAUSED', 'STOPPED'], PAUSED: ['ACTIVE', 'STOPPED'] };

export const createPublication = route({
  method: 'POST',
  pattern: 'publication/create',
  mutates: true,
  parse: (p) => {
    const name = required(p, 'name');
    const type = parseType(required(p, 'type'));
    required(p, 'description');
    if (SITE_TYPES.has(type)) required(p, 'url');
    return { name, type, ...parseCommon(p) };
  },
  run: (ctx: RouteContext, input) => {
    if (input.name.trim() === '') throw blankName();
    const now = ctx.now.toISOString();
    const pub: PublicationRecord = {
      id: ctx.store.newId(),
      account: ctx.account.email,
      name: '',
      description: '',
      type: input.type,
      reference: '',
      url: '',
      transparent: false,
      languages: [],
      autoapprove: true,
      status: 'PENDING',
      createdAt: now,
      history: [{ at: now, status: 'PENDING' }],
    };
    apply(pub, input);
    ctx.store.addPublication(pub);
    const reply = entityReply(ctx.format, 'publication', publicationFields(pub));
    approve(pub, ctx.now);
    return reply;
  },
});

export const updatePublication = route({
  method: 'POST',
  pattern: 'publication/:id',
  mutates: true,
  parse: (p, [id]) => {
    const status = optional(p, 'status');
    return { id: id, name: p.name, ...parseCommon(p), status: status === undefined ? undefined : parseStatus(status) };
  },
  run: (ctx: RouteContext, input) => {
    const pub = ownPublication(ctx, input.id);
    if (input.name !== undefined && input.name.trim() === '') throw blankName();
    apply(pub, input);
    if (input.status && ALLOWED[pub.status]?.includes(input.status)) setStatus(pub, input.status, ctx.now);
    const reply = entityReply(ctx.format, 'publication', publicationFields(pub));
    approve(pub, ctx.now);
    return reply;
  },
});

export const listPublications = route({
  method: 'GET',
  pattern: 'publication/list',
  parse: (p) => {
    const status = optional(p, 'status');
    return { status: status === undefined ? undefined : parseStatus(status) };
  },
  run: (ctx: RouteContext, { status }) => {
    const rows = [...ctx.store.of(ctx.account.email).publications.values()].filter((p) => !status || p.status === status);
    return listReply(
      ctx.format,
      'publication',
      byName(rows).map((p) => publicationFields(p)),
    );
  },
});

export const viewPublication = route({
  method: 'GET',
  pattern: 'publication/:id',
  parse: (_p, [id]) => id,
  run: (ctx: RouteContext, id) => entityReply(ctx.format, 'publication', publicationFields(ownPublication(ctx, id))),
});
