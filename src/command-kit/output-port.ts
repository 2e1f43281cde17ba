// A command's Context seen as the output port its handler writes through (src/output/port.ts).
import type { Context } from '../context.js';
import { createOutputPort, type OutputPort } from '../output/port.js';

export function outputPort(ctx: Context): OutputPort {
  // One account of several writes through the port that tags its rows for the shared output.
  if (ctx.port) return ctx.port;
  return createOutputPort({
    stdout: ctx.io.stdout,
    settings: () => ctx.outputSettings(),
    format: ctx.globals.output,
    ui: () => ctx.ui(),
  });
}
