// Production accepts ad slot `tags` and silently drops them (docs/service-notes.md): comparing
// what was sent with the answer turns that into a NotAppliedError carrying the applied record.
import { NotAppliedError } from '../core/errors.js';

/** Empty entries are left out: the service drops them too. */
function listSet(value: string | undefined): string {
  const items = (value ?? '').split(',').filter((s) => s !== '');
  return [...new Set(items)].sort().join(',');
}

/** An ad slot create or update that was applied without some of its fields. */
export class FieldsNotKeptError<R = Record<string, string>> extends NotAppliedError {
  readonly fields: string[];
  readonly record: R;
  constructor(message: string, fields: string[], record: R, hint?: string) {
    super(message, { hint });
    this.name = 'FieldsNotKeptError';
    this.fields = fields;
    this.record = record;
  }
}

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
