// completions/ is generated from the commander tree (scripts/gen-completions.js). When a command
// or an option changes, these fail until the files are regenerated: `npm run completions`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { nullIo } from '../../src/completion/null-io.js';
import { SHELLS } from '../../src/completion/scripts.js';
import { completionsFiles } from '../../src/help/generated.js';
import { runCli } from '../helpers/cli.js';

const DIR = join(import.meta.dirname, '../../completions');
const REGENERATE = 'out of date: run `npm run completions` and commit the result';
let files: Record<string, string>;

beforeAll(async () => {
  files = completionsFiles(await buildProgram(nullIo({})));
});

function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n');
  const b = generated.split('\n');
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i < 0 ? a.length : i;
  return `\n  first difference at line ${at + 1}:\n  committed: ${a[at] ?? '(end of file)'}\n  generated: ${b[at] ?? '(end of file)'}`;
}

describe('completions/ matches the commander tree', () => {
  it.each(['masg.bash', '_masg', 'masg.fish', 'masg-spec.json', 'masg-help.json'])('completions/%s', (name) => {
    let committed = '';
    try {
      committed = readFileSync(join(DIR, name), 'utf8');
    } catch {
      // Missing: reported below like any other difference.
    }
    // A boolean with a message: a diff of the whole spec would bury the one line that matters.
    expect(committed === files[name], `completions/${name} is ${REGENERATE}${firstDifference(committed, files[name]!)}`).toBe(true);
  });

  it('holds nothing the generator does not write', () => {
    expect(readdirSync(DIR).sort()).toEqual(Object.keys(files).sort());
  });
});

describe('masg completion <shell>', () => {
  it.each([
    ['bash', 'masg.bash'],
    ['zsh', '_masg'],
    ['fish', 'masg.fish'],
  ])('%s prints completions/%s', async (shell, name) => {
    const run = await runCli(['completion', shell]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(readFileSync(join(DIR, name), 'utf8'));
  });

  it('the way to enable it, in each script and in `masg completion --help`, creates the folder first', async () => {
    // fish and bash-completion do not create their user folders: `… > ~/.config/fish/completions/masg.fish`
    // alone fails with "No such file or directory" on a machine where fish has only been run.
    for (const [name, folder] of [
      ['masg.bash', '~/.local/share/bash-completion/completions'],
      ['_masg', '~/.zfunc'],
      ['masg.fish', '~/.config/fish/completions'],
    ] as const) {
      expect(files[name], name).toContain(`mkdir -p ${folder}`);
    }
    // Examples wrapped to the width continue with a backslash: read them as the shell does.
    const help = (await runCli(['completion', '--help'])).stdout.replace(/ \\\n +/g, ' ');
    const redirects = help.split('\n').filter((l) => l.includes('masg completion ') && l.includes(' > '));
    expect(redirects).toHaveLength(3);
    for (const line of redirects) expect(line).toContain(`mkdir -p ${/ > (\S+)\//.exec(line)![1]}`);
  });

  it('refuses another shell with a usage error', async () => {
    const run = await runCli(['completion', 'tcsh']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bash, zsh, fish/);
  });

  it('accepts exactly the shells there are scripts for', () => {
    const spec = JSON.parse(files['masg-spec.json']!);
    const completion = spec.commands.find((c: { name: string }) => c.name === 'completion');
    expect(completion.args[0].complete.values).toEqual([...SHELLS]);
  });
});
