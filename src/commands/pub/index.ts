// The `pub` group's subcommands, in help order: loaded only when the command line names `pub`
// (or everything is wanted: help, docs, completion spec), see src/commands/index.ts.
import type { AnySubcommandDef } from '../../command-kit/define.js';
import { pubList } from './list.js';
import { pubView } from './view.js';
import { pubCreate } from './create.js';
import { pubUpdate } from './update.js';
import { pubStats } from './stats.js';

export const commands: AnySubcommandDef[] = [pubList, pubView, pubCreate, pubUpdate, pubStats];
