// The `slot` group's subcommands, in help order: loaded only when the command line names `slot`
// (or everything is wanted: help, docs, completion spec), see src/commands/index.ts.
import type { AnySubcommandDef } from '../../command-kit/define.js';
import { slotList } from './list.js';
import { slotView } from './view.js';
import { slotCreate } from './create.js';
import { slotUpdate } from './update.js';
import { slotStats } from './stats.js';

export const commands: AnySubcommandDef[] = [slotList, slotView, slotCreate, slotUpdate, slotStats];
