// What --dry-run shows, for every command: the requests that would be sent, as the SDK describes
// them with `{ dryRun: true }` (credentials redacted), and the plan's own text apart from them.

/** A request described and not sent: the SDK's DescribedRequest (its `text` is what is shown). */
export interface PlannedRequest {
  readonly text: string;
}

export interface DryRunPlan {
  /** In the order they would be sent. */
  requests: readonly PlannedRequest[];
  /** The plan's own lines (bulk's changes, sync's days), shown before the requests. */
  notes: readonly string[];
}

/** The plan of several dry runs (each SDK call's `{ requests }`), in order. */
export function dryRunPlan(described: ReadonlyArray<{ requests: readonly PlannedRequest[] }>, notes: readonly string[] = []): DryRunPlan {
  return { requests: described.flatMap((d) => d.requests), notes };
}

/** The one renderer of a dry run: the notes, a blank line, then each request's text, on stdout (it is the command's data). */
export function renderDryRun(out: { text(text: string): void }, plan: DryRunPlan): void {
  const blocks = [plan.notes, plan.requests.map((r) => r.text)].filter((lines) => lines.length > 0);
  if (blocks.length > 0) out.text(`${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`);
}
