import { campaignColumns, campaignColumnsNamed, campaignTableFieldsNamed } from '../../command-kit/columns.js';
import { defineCommand, type CommandResult } from '../../command-kit/define.js';
import { checkOut, parentFilter, writeList, type ListOptions } from '../../command-kit/list-result.js';
import { ADVERTISER_OWNER, namedList, showsName } from '../../command-kit/owner-names.js';
import { outputPort } from '../../command-kit/output-port.js';
import { sdkCall } from '../../command-kit/raw.js';
import { resolveId } from '../../command-kit/resolve-id.js';
import type { Context } from '../../context.js';
import type { Advertiser, EntityList, MasgClient } from '../../sdk/types.js';

export interface CampaignListOptions extends ListOptions {
  advertiser?: string;
}

export const campaignList = defineCommand<CampaignListOptions>({
  supports: {
    // Every advertiser's campaigns take one answer per advertiser.
    raw: (opts, [rawId]) =>
      rawId === undefined && opts.advertiser === undefined
        ? { when: 'without an advertiser', hint: 'Name an advertiser: `masg campaign list ADVERTISER --raw` (IDs from `masg adv list`).' }
        : true,
    dryRun: true,
  },
  columns: campaignColumnsNamed,
  accounts: 'each',
  async run(ctx, opts, [rawId]) {
    checkOut(ctx, opts);
    const parent = parentFilter(rawId, opts.advertiser, '--advertiser', '[advertiserId]');
    if (parent === undefined) {
      // --dry-run describes the advertisers' list; one campaign list per advertiser follows it at run time.
      return sdkCall(
        ctx,
        (client, mode) => client.listAdvertisers(mode),
        (advertisers, client) => everyCampaign(ctx, client, advertisers(), opts.out),
        { out: opts.out },
      );
    }
    const advertiserId = await resolveId(ctx, 'advertiser', parent.raw, parent.label);
    return sdkCall(
      ctx,
      (client, mode) => client.listCampaigns(advertiserId, mode),
      (list) =>
        namedList(
          ctx,
          list(),
          {
            entity: 'campaigns',
            columns: campaignColumns,
            named: campaignColumnsNamed,
            tableFields: campaignTableFieldsNamed,
            out: opts.out,
          },
          ADVERTISER_OWNER,
        ),
      { out: opts.out },
    );
  },
});

/** Every advertiser's campaigns, one advertiser after the other, each row with its advertiser's name. */
async function everyCampaign(
  ctx: Context,
  client: MasgClient,
  list: EntityList<Advertiser>,
  out: string | undefined,
): Promise<CommandResult> {
  const settings = await outputPort(ctx).settings(out);
  const named = showsName(settings, ADVERTISER_OWNER) || settings.fields !== undefined;
  return writeList(ctx, everyAdvertisersCampaigns(client, list), {
    entity: 'campaigns',
    columns: named ? campaignColumnsNamed : campaignColumns,
    tableFields: campaignTableFieldsNamed,
    out,
  });
}

/** The advertisers' list, then each advertiser's campaigns in turn, each row with its advertiser's name (the MCP tool's too). */
export async function* everyAdvertisersCampaigns(
  client: MasgClient,
  list: EntityList<Advertiser> = client.listAdvertisers(),
): AsyncIterable<Record<string, string>[]> {
  const advertisers = await list.toArray();
  for (const advertiser of advertisers) {
    for await (const batch of client.listCampaigns(advertiser.id).batches()) {
      const rows = batch.map((c) => ({ ...c, advertiserName: advertiser.name }));
      if (rows.length > 0) yield rows;
    }
  }
}
