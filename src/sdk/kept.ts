// Production accepts `tags` on ad slot create/update and drops them (HTTP 200, no tags in the
// answer: docs/service-notes.md). The answer is the only evidence of what was kept, so the SDK
// compares what it sent with what came back, like the status of a publication update: a field the
// service did not keep is a NotAppliedError (exit 5 in the CLI) that still carries the record as
// the service has it, because everything else was applied.
import { NotAppliedError } from '../core/errors.js';

/** The sorted set of a comma-separated list, empty entries left out (the service drops them too). */
function listSet(value: string | undefined): string {
  const items = (value ?? '').split(',').filter((s) => s !== '');
  return [...new Set(items)].sort().join(',');
}

/** An ad slot create or update that was applied without some of its fields. */
export class FieldsNotKeptError<R = Record<string, string>> extends NotAppliedError {
  /** The fields the service did not keep, e.g. ["tags"]. */
  readonly fields: string[];
  /** The entity as the service answered: what was applied. */
  readonly record: R;
  constructor(message: string, fields: string[], record: R, hint?: string) {
    super(message, { hint });
    this.name = 'FieldsNotKeptError';
    this.fields = fields;
    this.record = record;
  }
}

/**
 * The error for an ad slot answer that lacks the tags that were sent, or undefined when they were
 * kept (or none were sent). `done` says what happened ("created", "updated").
 */
export function tagsNotKept<R extends { id?: string; tags?: string }>(
  done: 'created' | 'updated',
  sentTags: string | undefined,
  answer: R,
): FieldsNotKeptError<R> | undefined {
  if (sentTags === undefined || listSet(sentTags) === listSet(answer.tags)) return undefined;
  const kept = answer.tags ? `it has "${answer.tags}"` : 'it has none';
  return new FieldsNotKeptError(
    `The service ${done} ad slot ${answer.id ?? ''} but did not keep its tags: sent "${sentTags}", ${kept}. ` +
      'The other fields were applied.',
    ['tags'],
    answer,
    'The production service has no ad slot tags: it accepts them and drops them. Keep tags elsewhere, or leave --tags out.',
  );
}
