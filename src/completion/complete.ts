// `masg __complete <words…>` (cobra's design): the last word is the one under the cursor. Answer:
// `value<TAB>description` lines, then directives ":", ":nospace" (a comma list goes on), ":files".
// Any failure prints nothing, on stderr either: a Tab that prints errors is worse than none.
// A Tab that names a command or an option answers from the generated spec with this file, the
// query and the protocol alone; live IDs (the configuration, the cache, the SDK) and building the
// spec from the program, when it is missing, are imported only when the answer needs them.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Io } from '../core/io.js';
import { formatAnswer } from './protocol.js';
import { answer } from './query.js';
import type { OpenLineSession } from './live.js';
import type { CommandSpec } from './spec.js';

const SPEC_FILE = new URL('../../completions/masg-spec.json', import.meta.url);

/** src/cli.ts's buildProgram, passed in so this file never imports cli.ts. */
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

export { formatAnswer };

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
    // Silent on purpose: see the header.
  }
}
