// Glue between commander and a handler: collect options, build the context, run, render, clean up.
import type { Command } from 'commander';
import { Context, type GlobalOptions, type Io } from '../context.js';
import type { CommandDef } from './define.js';
import { render } from './render.js';

export function attach(cmd: Command, def: CommandDef<any>, io: Io, version: string): void {
  def.configure?.(cmd);
  if (def.examples.length > 0) {
    cmd.addHelpText('after', `\nExamples:\n${def.examples.map((e) => `  $ ${e}`).join('\n')}\n`);
  }
  cmd.action(async (...params: unknown[]) => {
    const command = params.at(-1) as Command;
    const args = command.processedArgs.flatMap((a: unknown) => (a === undefined ? [] : Array.isArray(a) ? a : [a])) as string[];
    const globals = command.optsWithGlobals() as GlobalOptions;
    const ctx = new Context(io, globals, version);
    try {
      const result = await def.run(ctx, command.opts(), args);
      await render(ctx, result);
    } finally {
      await ctx.close();
    }
  });
}
