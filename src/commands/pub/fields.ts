// The publication field flags, shared by create and update: derived from the publication schema
// (src/schema/publication.ts), which holds each flag's help text and completion.
import type { Command } from 'commander';
import { publicationSchema } from '../../schema/publication.js';
import { addFieldOptions, pickFieldOptions } from '../../command-kit/field-options.js';

export function addPublicationOptions(cmd: Command, mode: 'create' | 'update'): void {
  addFieldOptions(cmd, publicationSchema, mode);
}

/** The publication fields among parsed options (commander's camelCase names match the service's). */
export function pickPublicationFields(opts: Record<string, unknown>): Record<string, string | undefined> {
  return pickFieldOptions(publicationSchema, opts);
}
