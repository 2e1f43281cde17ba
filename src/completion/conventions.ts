// Completion by convention for options and arguments without completeWith() or `.choices()`
// (which win), so a command added later completes well without touching this folder.
import { INTERVALS, LEVELS } from '../schema/enums.js';
import type { Completer, IdKind } from './hints.js';

const BY_FLAG: Record<string, Completer> = {
  '--publication': { ids: 'publications' },
  '--adslot': { ids: 'adslots' },
  '--advertiser': { ids: 'advertisers' },
  '--campaign': { ids: 'campaigns' },
  '--level': { values: LEVELS },
  '--interval': { values: INTERVALS },
  '--out': { files: true },
  '--data': { files: true },
};

/** The `<id>` argument of a command names an entity of its group (`pub stats <id>`: a publication). */
const ID_OF_GROUP: Record<string, IdKind> = {
  pub: 'publications',
  slot: 'adslots',
  adv: 'advertisers',
  campaign: 'campaigns',
};

const BY_ARGUMENT: Record<string, IdKind> = {
  publicationId: 'publications',
  adslotId: 'adslots',
  advertiserId: 'advertisers',
  campaignId: 'campaigns',
};

/** The words of the date syntax (`masg help dates`); the numeric forms cannot be listed. */
const DATE_FLAGS = new Set(['--date', '--from', '--to']);
const DATE_WORDS = ['today', 'yesterday'];

export function optionConvention(long: string | undefined, flags: string): Completer | undefined {
  if (long && BY_FLAG[long]) return BY_FLAG[long];
  if (long === '--tz' || long === '--timezone') return { zones: true };
  // The value placeholder says what is expected: `--from <file>` (bulk), `--transparent <bool>`.
  if (/[<[](file|path|dir)[>\]]/.test(flags)) return { files: true };
  if (/[<[]bool[>\]]/.test(flags)) return { values: ['true', 'false'] };
  if (long && DATE_FLAGS.has(long)) return { values: DATE_WORDS };
  return undefined;
}

/** `group` is the name of the command's parent (`pub` for `pub update`), undefined at the top. */
export function argumentConvention(name: string, group: string | undefined): Completer | undefined {
  if (BY_ARGUMENT[name]) return { ids: BY_ARGUMENT[name] };
  if (name === 'id' && group !== undefined && ID_OF_GROUP[group]) return { ids: ID_OF_GROUP[group] };
  // Not "path": `api <path>` is a service path, not a file.
  if (name === 'file') return { files: true };
  return undefined;
}
