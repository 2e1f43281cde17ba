import { defineCommand } from '../command-kit/define.js';

export const completion = defineCommand<Record<string, never>>({
  async run(_ctx, _opts, [shell]) {
    const { completionScript } = await import('../completion/scripts.js');
    return { kind: 'text', text: completionScript(shell as 'bash' | 'zsh' | 'fish') };
  },
});
