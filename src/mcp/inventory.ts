// The inventory tools: the CLI's list and view commands' SDK calls, with their validation (the
// status rule, short IDs resolved as `resolveId` does), the owner's name beside its ID from the
// CLI's one lookup, and each record's values as the command's `-o json` writes them.
import * as z from 'zod';
import { PUBLICATION_LIST_STATUSES } from '../schema/enums.js';
import { adSlotColumns, adSlotColumnsNamed } from '../schema/adslot.js';
import { advertiserColumns } from '../schema/advertiser.js';
import { campaignColumns, campaignColumnsNamed } from '../schema/campaign.js';
import { publicationColumns } from '../schema/publication.js';
import type { Column } from '../schema/column.js';
import { resolveId, type IdKind } from '../command-kit/resolve-id.js';
import { ADVERTISER_OWNER, ownerNames, PUBLICATION_OWNER, type Owner } from '../command-kit/owner-names.js';
import { everyAdvertisersCampaigns } from '../commands/campaign/list.js';
import type { MasgClient } from '../sdk/types.js';
import type { Context } from '../context.js';
import { answer, jsonRecord } from './results.js';
import {
  accountParam,
  cutSchema,
  defineTool,
  DEFAULT_ROWS,
  jsonRow,
  limitParam,
  MAX_ROWS,
  offsetParam,
  READ,
  type ToolSpec,
} from './tool.js';

type Entity = Record<string, string>;

const listOutput = z.object({
  account: z.string(),
  zone: z.string().nullable().describe("The account's IANA time zone (null when unknown)."),
  total: z.number().int().describe('How many there are in all.'),
  offset: z.number().int(),
  returned: z.number().int(),
  items: z.array(jsonRow),
  cut: cutSchema,
});

async function who(ctx: Context): Promise<{ account: string; zone: string | null }> {
  const creds = await ctx.credentials();
  return { account: creds.profile, zone: creds.timezone ?? null };
}

/** One page of a list, counting the rest without keeping it. */
async function page(batches: AsyncIterable<Entity[]>, offset: number, limit: number): Promise<{ items: Entity[]; total: number }> {
  const items: Entity[] = [];
  let total = 0;
  for await (const batch of batches)
    for (const e of batch) {
      if (total >= offset && items.length < limit) items.push({ ...e });
      total++;
    }
  return { items, total };
}

interface ListArgs {
  account?: string;
  limit?: number;
  offset?: number;
}

interface Listing {
  batches: AsyncIterable<Entity[]>;
  /** The columns of `-o json`, with the owner's name column when the rows carry it. */
  columns: Column[];
  owner?: Owner;
}

async function listTool(ctx: Context, args: ListArgs, what: string, fetch: (sdk: MasgClient) => Listing) {
  const sdk = await ctx.sdk();
  const offset = args.offset ?? 0;
  const limit = args.limit ?? DEFAULT_ROWS;
  const { batches, columns, owner } = fetch(sdk);
  const [{ items, total }, names] = await Promise.all([page(batches, offset, limit), owner && ownerNames(ctx, owner)]);
  if (owner && names) for (const item of items) item[owner.nameKey] = names.get(item[owner.idKey]) ?? '';
  const omitted = total - offset - items.length;
  const cut =
    omitted > 0 || offset > 0
      ? {
          omittedRows: total - items.length,
          how: `Showing ${offset + 1}-${offset + items.length} of ${total}: call again with offset ${offset + items.length} for the next ${limit} (limit up to ${MAX_ROWS}).`,
        }
      : null;
  const rows = items.map((e) => jsonRecord(columns, e));
  const structured = { ...(await who(ctx)), total, offset, returned: items.length, items: rows, cut };
  const lines = items.map((e) => `${e.id}  ${e.name}${e.status ? `  ${e.status}` : ''}`);
  const text = `${total} ${what} in account ${structured.account}${cut ? ` (${cut.how})` : ''}:\n${lines.join('\n')}`;
  return answer(structured, text);
}

const LIST = 'Every field as `masg … list -o json` gives it (money as exact decimal strings, empty as null).';

export const inventoryTools: ToolSpec[] = [
  defineTool({
    name: 'list_publications',
    title: 'List publications',
    description: `The publications (sites and apps) of the account, sorted by name. ${LIST}`,
    input: z.object({
      account: accountParam,
      status: z.enum(PUBLICATION_LIST_STATUSES).optional().describe('Only this status.'),
      limit: limitParam,
      offset: offsetParam,
    }),
    output: listOutput,
    annotations: READ,
    async run(args, call) {
      const status = args.status;
      return listTool(await call.context(args.account), args, 'publications', (sdk) => ({
        batches: sdk.listPublications({ status }).batches(),
        columns: publicationColumns,
      }));
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
      const publication = args.publication === undefined ? undefined : await resolveId(ctx, 'publication', args.publication, 'publication');
      return listTool(ctx, args, 'ad slots', (sdk) => ({
        batches: sdk.listAdSlots({ publication }).batches(),
        columns: adSlotColumnsNamed,
        owner: PUBLICATION_OWNER,
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
      return listTool(await call.context(args.account), args, 'advertisers', (sdk) => ({
        batches: sdk.listAdvertisers().batches(),
        columns: advertiserColumns,
      }));
    },
  }),
  defineTool({
    name: 'list_campaigns',
    title: 'List campaigns',
    description: `The campaigns of every advertiser, as \`masg campaign list\`, or of one, with the advertiser's name. Dates are in the account's zone. ${LIST}`,
    input: z.object({
      account: accountParam,
      advertiser: z.string().optional().describe('Only this advertiser: its ID or first 4+ characters (see list_advertisers).'),
      limit: limitParam,
      offset: offsetParam,
    }),
    output: listOutput,
    annotations: READ,
    async run(args, call) {
      const ctx = await call.context(args.account);
      if (args.advertiser === undefined)
        return listTool(ctx, args, 'campaigns', (sdk) => ({ batches: everyAdvertisersCampaigns(sdk), columns: campaignColumnsNamed }));
      const advertiser = await resolveId(ctx, 'advertiser', args.advertiser, 'advertiser');
      return listTool(ctx, args, 'campaigns', (sdk) => ({
        batches: sdk.listCampaigns(advertiser).batches(),
        columns: campaignColumnsNamed,
        owner: ADVERTISER_OWNER,
      }));
    },
  }),
  getTool('get_publication', 'publication', 'Get a publication', publicationColumns, (sdk, id) => sdk.getPublication(id)),
  getTool('get_ad_slot', 'adslot', 'Get an ad slot', adSlotColumns, (sdk, id) => sdk.getAdSlot(id)),
  getTool('get_campaign', 'campaign', 'Get a campaign', campaignColumns, (sdk, id) => sdk.getCampaign(id)),
];

function getTool(
  name: string,
  kind: IdKind,
  title: string,
  columns: Column[],
  get: (sdk: MasgClient, id: string) => Promise<object>,
): ToolSpec {
  const one = kind === 'adslot' ? 'ad slot' : kind;
  return defineTool({
    name,
    title,
    description: `One ${one}, every field as \`masg … view -o json\` gives it.`,
    input: z.object({ account: accountParam, id: z.string().describe(`The ${one}'s ID, or its first 4+ characters.`) }),
    output: z.object({ account: z.string(), zone: z.string().nullable(), item: jsonRow }),
    annotations: READ,
    async run(args, call) {
      const ctx = await call.context(args.account);
      const id = await resolveId(ctx, kind, args.id, 'id');
      const item = { ...(await get(await ctx.sdk(), id)) } as Entity;
      const text = Object.entries(item)
        .map(([k, v]) => `${k}: ${v}`)
        .join('\n');
      return answer({ ...(await who(ctx)), item: jsonRecord(columns, item) }, text);
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
