// The publication field flags, shared by create and update. Flag names are the service's
// parameter names, so `--languages en,es` is sent as `languages=en,es`.
import { type Command, Option } from 'commander';
import { PUBLICATION_STATUSES, PUBLICATION_TYPES } from '../../validate/enums.js';
import { PUBLICATION_FIELDS } from '../../validate/publication.js';

export function addPublicationOptions(cmd: Command, mode: 'create' | 'update'): void {
  const req = mode === 'create' ? ' (required)' : '';
  if (mode === 'create') {
    cmd.addOption(new Option('--type <type>', `publication type${req}: ${PUBLICATION_TYPES.join(', ')}`));
  }
  cmd
    .option('--name <name>', `name, at most 255 characters${req}`)
    .option('--description <text>', `description, at most 4096 characters${req}`)
    .option('--reference <ref>', 'your own identifier for the publication')
    .option('--url <url>', 'URL of the site or app page (required for MOBILE_SITE and IPHONE_SITE)')
    .option('--transparent <bool>', `share name and description with advertisers: true or false${req}`)
    .option('--languages <codes>', 'comma-separated ISO 639-1 codes, e.g. en,es (default: English)')
    .option('--requests <n>', 'estimated ad requests per month (digits only)')
    .option('--uniques <n>', 'estimated unique users per month (digits only)')
    .option('--autoapprove <bool>', 'approve ads automatically: true (default) or false');
  if (mode === 'update') {
    cmd.option('--status <status>', `new status: ${PUBLICATION_STATUSES.join(', ')} (STOPPED is permanent)`);
  }
}

/** The publication fields among parsed options (commander's camelCase names match the service's). */
export function pickPublicationFields(opts: Record<string, unknown>): Record<string, string | undefined> {
  const raw: Record<string, string | undefined> = {};
  for (const field of PUBLICATION_FIELDS) {
    if (typeof opts[field] === 'string') raw[field] = opts[field] as string;
  }
  return raw;
}
