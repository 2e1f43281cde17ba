// The `campaign` group's subcommands, in help order: loaded only when the command line names
// `campaign` (or everything is wanted: help, docs, completion spec), see src/commands/index.ts.
import type { AnySubcommandDef } from '../../command-kit/define.js';
import { campaignList } from './list.js';
import { campaignView } from './view.js';
import { campaignStats } from './stats.js';

export const commands: AnySubcommandDef[] = [campaignList, campaignView, campaignStats];
