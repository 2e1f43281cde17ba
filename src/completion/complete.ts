// `masg __complete <words…>`: the one entry point the shell scripts call (the design of cobra's
// __complete). The last word is the one under the cursor, possibly "". The answer is one line
// per candidate, `value<TAB>description` (description optional), then a directive line:
//   ":"          nothing special
//   ":nospace"   do not add a space (a comma list the user may continue)
//   ":files"     let the shell complete paths
// (comma-joined when both apply). On any failure nothing at all is printed, on stderr either:
// a Tab key that prints errors or prompts is worse than one that offers nothing.
// src/cli.ts calls this before building the commander program, which it never needs; it passes
// its program builder in, for the one case that does (no generated spec), so that this file
// never imports cli.ts (that would be an import cycle, cli.ts → here → cli.ts).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Io } from '../core/io.js';
import { formatAnswer } from './protocol.js';
import { answer } from './query.js';
import type { OpenLineSession } from './live.js';
import type { CommandSpec } from './spec.js';

/** Generated from the commander tree by scripts/gen-completions.js; shipped in the package. */
const SPEC_FILE = new URL('../../completions/masg-spec.json', import.meta.url);

/** Builds the commander program over the given IO: src/cli.ts's buildProgram. */
export type ProgramBuilder = (io: Io) => Promise<Command>;

async function loadSpec(buildProgram: ProgramBuilder): Promise<CommandSpec> {
  try {
    return JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as CommandSpec;
  } catch {
    // No generated spec (a checkout where it was deleted): build it from the live tree, slower.
    const [{ buildSpec }, { nullIo }] = await Promise.all([import('./spec.js'), import('./null-io.js')]);
    return buildSpec(await buildProgram(nullIo({})));
  }
}

// The answer's text, where hostile values and descriptions are dealt with.
export { formatAnswer };

/**
 * `buildProgram`: src/cli.ts's program builder (only when no generated spec is shipped);
 * `openSession`: how live IDs reach the service (src/session/line-session.ts openLineSession, given by src/cli.ts).
 */
export async function complete(words: string[], io: Io, buildProgram: ProgramBuilder, openSession: OpenLineSession): Promise<void> {
  try {
    const a = answer(await loadSpec(buildProgram), words);
    let candidates = a.candidates;
    if (a.ids) {
      const { liveIds } = await import('./live.js');
      const ids = await liveIds(a.ids.kind, a.globals, io.env, openSession);
      candidates = ids
        .filter(([id]) => id.startsWith(a.ids!.partial))
        .map(([id, name]) => ({ value: a.ids!.prefix + id, description: name }));
    }
    const directives = [a.nospace && 'nospace', a.files && 'files'].filter((d): d is string => typeof d === 'string');
    io.stdout.write(formatAnswer(candidates, directives));
  } catch {
    // Deliberately silent: see the header comment.
  }
}
