import { Argument } from 'commander';
import { defineTopCommand } from '../command-kit/define.js';

// Kept here, not imported from src/completion/scripts.ts, so that building the command tree
// does not load the script templates; a test checks the two lists agree.
const SHELLS = ['bash', 'zsh', 'fish'];

export const completion = defineTopCommand<Record<string, never>>({
  name: 'completion',
  configure: (cmd) => cmd.addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS)),
  examples: [
    'mkdir -p ~/.local/share/bash-completion/completions && masg completion bash > ~/.local/share/bash-completion/completions/masg',
    'mkdir -p ~/.zfunc && masg completion zsh > ~/.zfunc/_masg   # and fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
    'mkdir -p ~/.config/fish/completions && masg completion fish > ~/.config/fish/completions/masg.fish',
  ],
  async run(_ctx, _opts, [shell]) {
    const { completionScript } = await import('../completion/scripts.js');
    return { kind: 'text', text: completionScript(shell as 'bash' | 'zsh' | 'fish') };
  },
});
