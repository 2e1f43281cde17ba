// --dry-run of a statistics report: the request of every piece of the range (one per day or
// hour with --interval), described by the SDK and none sent.
import type { ApiRequest } from '../../transport/types.js';
import type { MasgClient } from '../../sdk/types.js';
import type { CommandResult } from '../../command-kit/define.js';
import { dryRunResult } from '../../command-kit/raw.js';

export async function describeReport(
  sdk: MasgClient,
  requests: ApiRequest[],
  /** Says what --out would have written (a placeholder's file, checkable before any run). */
  noticeOut?: () => void,
): Promise<CommandResult> {
  const { asRawRequest } = await import('../../sdk/requests.js');
  const plans = [];
  for (const request of requests) plans.push(await sdk.request(asRawRequest(request), { dryRun: true }));
  noticeOut?.();
  return dryRunResult(plans);
}
