// `masg __complete <words…>`: the one entry point the shell scripts call (the design of cobra's
// __complete). The last word is the one under the cursor, possibly "". The answer is one line
// per candidate, `value<TAB>description` (description optional), then a directive line:
//   ":"          nothing special
//   ":nospace"   do not add a space (a comma list the user may continue)
//   ":files"     let the shell complete paths
// (comma-joined when both apply). On any failure nothing at all is printed, on stderr either:
// a Tab key that prints errors or prompts is worse than one that offers nothing.
// src/cli.ts calls this before building the commander program, which it never needs.
import { readFileSync } from 'node:fs';
import type { Io } from '../context.js';
import { formatAnswer } from './protocol.js';
import { answer } from './query.js';
import type { OpenLineSession } from './live.js';
import type { CommandSpec } from './spec.js';

/** Generated from the commander tree by scripts/gen-completions.js; shipped in the package. */
const SPEC_FILE = new URL('../../completions/masg-spec.json', import.meta.url);

async function loadSpec(): Promise<CommandSpec> {
  try {
    return JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as CommandSpec;
  } catch {
    // No generated spec (a checkout where it was deleted): build it from the live tree, slower.
    const [{ buildProgram }, { buildSpec }, { nullIo }] = await Promise.all([
      import('../cli.js'),
      import('./spec.js'),
      import('./null-io.js'),
    ]);
    return buildSpec(await buildProgram(nullIo({})));
  }
}

// The answer's text, where hostile values and descriptions are dealt with.
export { formatAnswer };

/** `openSession`: how live IDs reach the service (src/context.ts openLineSession, given by src/cli.ts). */
export async function complete(words: string[], io: Io, openSession: OpenLineSession): Promise<void> {
  try {
    const a = answer(await loadSpec(), words);
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
