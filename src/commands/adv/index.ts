// The `adv` group's subcommands, in help order: loaded only when the command line names `adv`
// (or everything is wanted: help, docs, completion spec), see src/commands/index.ts.
import type { AnySubcommandDef } from '../../command-kit/define.js';
import { advList } from './list.js';
import { advView } from './view.js';

export const commands: AnySubcommandDef[] = [advList, advView];
