// slot create/update: an ad slot the service answered without the tags that were sent is still
// shown (it was created or updated), and the run fails with exit 5 naming `tags` (src/sdk/kept.ts).
import type { RawResponse } from '../../sdk/types.js';
import type { CommandResult } from '../../command-kit/define.js';
import { adSlotColumns } from '../../command-kit/columns.js';
import { FieldsNotKeptError, tagsNotKept } from '../../sdk/kept.js';
import { singleRecord } from '../../endpoints/entities.js';

/** The record result of a create or update, with the SDK's "not kept" failure turned into the result's failure. */
export async function slotRecord(send: () => Promise<Record<string, string>>): Promise<CommandResult> {
  try {
    return { kind: 'record', columns: adSlotColumns, row: { ...(await send()) } };
  } catch (err) {
    if (!(err instanceof FieldsNotKeptError)) throw err;
    return { kind: 'record', columns: adSlotColumns, row: { ...(err.record as Record<string, string>) }, failure: err };
  }
}

/** The same check on --raw's answer: the body is printed as received, the exit code still says it. */
export function rawTagsCheck(done: 'created' | 'updated', sentTags: string | undefined): (r: RawResponse) => Error | undefined {
  return (response) => tagsNotKept(done, sentTags, singleRecord(response, 'adslot'));
}
