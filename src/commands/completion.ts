import { Argument } from 'commander';
import { defineCommand } from './define.js';

// Kept here, not imported from src/completion/scripts.ts, so that building the command tree
// does not load the script templates; a test checks the two lists agree.
const SHELLS = ['bash', 'zsh', 'fish'];

export const completion = defineCommand<Record<string, never>>({
  name: 'completion',
  summary: 'Print the shell completion script for bash, zsh or fish',
  configure: (cmd) => cmd.addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS)),
  examples: [
    'masg completion bash > ~/.local/share/bash-completion/completions/masg   # after mkdir -p ~/.local/share/bash-completion/completions',
    'masg completion zsh > ~/.zfunc/_masg   # after mkdir -p ~/.zfunc; fpath=(~/.zfunc $fpath) before compinit',
    'masg completion fish > ~/.config/fish/completions/masg.fish   # after mkdir -p ~/.config/fish/completions',
  ],
  async run(_ctx, _opts, [shell]) {
    const { completionScript } = await import('../completion/scripts.js');
    return { kind: 'text', text: completionScript(shell as 'bash' | 'zsh' | 'fish') };
  },
});
