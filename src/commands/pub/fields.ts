// The publication field flags, shared by create and update. Flag names are the service's
// parameter names, so `--languages en,es` is sent as `languages=en,es`.
import { type Command, Option } from 'commander';
import { completeWith } from '../../completion/hints.js';
import { PUBLICATION_STATUSES, PUBLICATION_TYPES } from '../../validate/enums.js';
import { ISO_639_1 } from '../../validate/iso639.js';
import { PUBLICATION_FIELDS } from '../../validate/publication.js';

export function addPublicationOptions(cmd: Command, mode: 'create' | 'update'): void {
  const req = mode === 'create' ? ' (required)' : '';
  if (mode === 'create') {
    cmd.addOption(
      completeWith(new Option('--type <type>', `publication type${req}: ${PUBLICATION_TYPES.join(', ')}`), { values: PUBLICATION_TYPES }),
    );
  }
  cmd
    .option('--name <name>', `name, at most 255 characters${req}`)
    .option('--description <text>', `description, at most 4096 characters${req}`)
    .option('--reference <ref>', 'your own identifier for the publication')
    .option('--url <url>', 'URL of the site or app page (required for MOBILE_SITE and IPHONE_SITE)')
    .option('--transparent <bool>', `share name and description with advertisers: true or false${req}`)
    .addOption(
      completeWith(new Option('--languages <codes>', 'comma-separated ISO 639-1 codes, e.g. en,es (default: English)'), {
        values: [...ISO_639_1],
        list: true,
      }),
    )
    .option('--requests <n>', 'estimated ad requests per month (digits only)')
    .option('--uniques <n>', 'estimated unique users per month (digits only)')
    .option('--autoapprove <bool>', 'approve ads automatically: true (default) or false');
  if (mode === 'update') {
    cmd.addOption(
      completeWith(new Option('--status <status>', `new status: ${PUBLICATION_STATUSES.join(', ')} (STOPPED is permanent)`), {
        values: PUBLICATION_STATUSES,
      }),
    );
  }
}

/** The publication fields among parsed options (commander's camelCase names match the service's). */
export function pickPublicationFields(opts: Record<string, unknown>): Record<string, string | undefined> {
  const raw: Record<string, string | undefined> = {};
  for (const field of PUBLICATION_FIELDS) {
    if (typeof opts[field] === 'string') raw[field] = opts[field];
  }
  return raw;
}
