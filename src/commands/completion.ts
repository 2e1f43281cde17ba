import { defineCommand } from '../command-kit/define.js';
import { completionScript } from '../completion/scripts.js';

export const completion = defineCommand<Record<string, never>>({
  run(_ctx, _opts, [shell]) {
    return Promise.resolve({ kind: 'text', text: completionScript(shell as 'bash' | 'zsh' | 'fish') });
  },
});
