// The shape of a plain help request, read from argv before anything else loads: `masg`,
// `masg --help`, `masg pub list --help` (or -h), `masg help pub list`. cli.ts asks it first, so a
// command that is not a help request never loads the generated pages (help/pages.ts).

/** The words naming the command whose help is asked for ([] for the root), or undefined. */
export function helpWords(argv: readonly string[]): readonly string[] | undefined {
  if (argv.length === 0) return [];
  if (argv[0] === 'help') return argv.slice(1);
  if (argv.at(-1) === '--help' || argv.at(-1) === '-h') return argv.slice(0, -1);
  return undefined;
}
