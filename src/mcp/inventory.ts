// The inventory tools: the CLI's list and view commands' SDK calls, with their validation (the
// status rule, short IDs resolved as `resolveId` does) and the owner's name beside its ID.
import * as z from 'zod';
import { PUBLICATION_STATUSES } from '../schema/enums.js';
import { oneOf } from '../schema/rules.js';
import { resolveId, type IdKind } from '../command-kit/resolve-id.js';
import type { MasgClient } from '../sdk/types.js';
import type { Context } from '../context.js';
import { answer } from './results.js';
import { accountParam, cutSchema, defineTool, DEFAULT_ROWS, limitParam, MAX_ROWS, offsetParam, READ, type ToolSpec } from './tool.js';

type Entity = Record<string, string>;

const listOutput = z.object({
  account: z.string(),
  zone: z.string().nullable().describe("The account's IANA time zone (null when unknown)."),
  total: z.number().int().describe('How many there are in all.'),
  offset: z.number().int(),
  returned: z.number().int(),
  items: z.array(z.record(z.string(), z.string())),
  cut: cutSchema,
});

async function who(ctx: Context): Promise<{ account: string; zone: string | null }> {
  const creds = await ctx.credentials();
  return { account: creds.profile, zone: creds.timezone ?? null };
}

/** One page of a list, counting the rest without keeping it. */
async function page(list: AsyncIterable<Entity>, offset: number, limit: number): Promise<{ items: Entity[]; total: number }> {
  const items: Entity[] = [];
  let total = 0;
  for await (const e of list) {
    if (total >= offset && items.length < limit) items.push({ ...e });
    total++;
  }
  return { items, total };
}

async function names(list: AsyncIterable<{ id: string; name: string }>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const e of list) found.set(e.id, e.name);
  return found;
}

interface ListArgs {
  account?: string;
  limit?: number;
  offset?: number;
}

async function listTool(
  ctx: Context,
  args: ListArgs,
  what: string,
  fetch: (sdk: MasgClient) => {
    list: AsyncIterable<Entity>;
    owner?: { idKey: string; nameKey: string; names: Promise<Map<string, string>> };
  },
) {
  const sdk = await ctx.sdk();
  const offset = args.offset ?? 0;
  const limit = args.limit ?? DEFAULT_ROWS;
  const { list, owner } = fetch(sdk);
  const [{ items, total }, ownerNames] = await Promise.all([page(list, offset, limit), owner?.names]);
  if (owner && ownerNames) for (const item of items) item[owner.nameKey] = ownerNames.get(item[owner.idKey]) ?? '';
  const omitted = total - offset - items.length;
  const cut =
    omitted > 0 || offset > 0
      ? {
          omittedRows: total - items.length,
          how: `Showing ${offset + 1}-${offset + items.length} of ${total}: call again with offset ${offset + items.length} for the next ${limit} (limit up to ${MAX_ROWS}).`,
        }
      : null;
  const structured = { ...(await who(ctx)), total, offset, returned: items.length, items, cut };
  const lines = items.map((e) => `${e.id}  ${e.name}${e.status ? `  ${e.status}` : ''}`);
  const text = `${total} ${what} in account ${structured.account}${cut ? ` (${cut.how})` : ''}:\n${lines.join('\n')}`;
  return answer(structured, text);
}

const LIST = 'Name and ID of each, with every field as the service keeps it (money as exact decimal strings in USD).';

export const inventoryTools: ToolSpec[] = [
  defineTool({
    name: 'list_publications',
    title: 'List publications',
    description: `The publications (sites and apps) of the account, sorted by name. ${LIST}`,
    input: z.object({
      account: accountParam,
      status: z
        .string()
        .optional()
        .describe(`Only this status: ${PUBLICATION_STATUSES.join(', ')}.`),
      limit: limitParam,
      offset: offsetParam,
    }),
    output: listOutput,
    annotations: READ,
    async run(args, call) {
      const status = args.status === undefined ? undefined : oneOf('--status', args.status, PUBLICATION_STATUSES);
      return listTool(await call.context(args.account), args, 'publications', (sdk) => ({ list: sdk.listPublications({ status }) }));
    },
  }),
  defineTool({
    name: 'list_ad_slots',
    title: 'List ad slots',
    description: `The ad slots of the account, or of one publication, with the publication's name beside its ID. ${LIST}`,
    input: z.object({
      account: accountParam,
      publication: z.string().optional().describe('Only the ad slots of this publication: its ID or its first 4+ characters.'),
      limit: limitParam,
      offset: offsetParam,
    }),
    output: listOutput,
    annotations: READ,
    async run(args, call) {
      const ctx = await call.context(args.account);
      const publication =
        args.publication === undefined ? undefined : await resolveId(ctx, 'publication', args.publication, '--publication');
      return listTool(ctx, args, 'ad slots', (sdk) => ({
        list: sdk.listAdSlots({ publication }),
        owner: { idKey: 'publication', nameKey: 'publicationName', names: names(sdk.listPublications()) },
      }));
    },
  }),
  defineTool({
    name: 'list_advertisers',
    title: 'List advertisers',
    description: `The advertisers of the account with their budgets and balance. ${LIST}`,
    input: z.object({ account: accountParam, limit: limitParam, offset: offsetParam }),
    output: listOutput,
    annotations: READ,
    async run(args, call) {
      return listTool(await call.context(args.account), args, 'advertisers', (sdk) => ({ list: sdk.listAdvertisers() }));
    },
  }),
  defineTool({
    name: 'list_campaigns',
    title: 'List campaigns',
    description: `The campaigns of one advertiser, with the advertiser's name. Campaign dates are ISO (YYYY-MM-DDTHH:MM) in the account's zone. ${LIST}`,
    input: z.object({
      account: accountParam,
      advertiser: z.string().describe('The advertiser: its ID or its first 4+ characters (see list_advertisers).'),
      limit: limitParam,
      offset: offsetParam,
    }),
    output: listOutput,
    annotations: READ,
    async run(args, call) {
      const ctx = await call.context(args.account);
      const advertiser = await resolveId(ctx, 'advertiser', args.advertiser, '<advertiserId>');
      return listTool(ctx, args, 'campaigns', (sdk) => ({
        list: sdk.listCampaigns(advertiser),
        owner: { idKey: 'advertiser', nameKey: 'advertiserName', names: names(sdk.listAdvertisers()) },
      }));
    },
  }),
  getTool('get_publication', 'publication', 'Get a publication', (sdk, id) => sdk.getPublication(id)),
  getTool('get_ad_slot', 'adslot', 'Get an ad slot', (sdk, id) => sdk.getAdSlot(id)),
  getTool('get_campaign', 'campaign', 'Get a campaign', (sdk, id) => sdk.getCampaign(id)),
];

function getTool(name: string, kind: IdKind, title: string, get: (sdk: MasgClient, id: string) => Promise<object>): ToolSpec {
  const one = kind === 'adslot' ? 'ad slot' : kind;
  return defineTool({
    name,
    title,
    description: `One ${one} with all its fields (money as exact decimal strings in USD).`,
    input: z.object({ account: accountParam, id: z.string().describe(`The ${one}'s ID, or its first 4+ characters.`) }),
    output: z.object({ account: z.string(), zone: z.string().nullable(), item: z.record(z.string(), z.string()) }),
    annotations: READ,
    async run(args, call) {
      const ctx = await call.context(args.account);
      const id = await resolveId(ctx, kind, args.id, '<id>');
      const item = { ...(await get(await ctx.sdk(), id)) } as Entity;
      const text = Object.entries(item)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      return answer({ ...(await who(ctx)), item }, text);
    },
  });
}

export const accountsTool = defineTool({
  name: 'list_accounts',
  title: 'List accounts',
  description: 'The accounts (profiles) this server can use: name, e-mail, time zone, base URL. Pass a name as `account` to any tool.',
  input: z.object({}),
  output: z.object({
    accounts: z.array(
      z.object({ name: z.string(), email: z.string(), timezone: z.string().nullable(), baseUrl: z.string(), default: z.boolean() }),
    ),
  }),
  annotations: { ...READ, openWorldHint: false },
  async run(_args, call) {
    const accounts = await call.accounts.list();
    const text = accounts.map((a) => `${a.name}${a.default ? ' (default)' : ''}: ${a.email}, ${a.timezone ?? 'zone unknown'}`).join('\n');
    return answer({ accounts }, text || 'No account is configured: run `masg login`.');
  },
});
