import { defineConfig } from 'vitest/config';
import { SLOW_TIER } from './vitest.tiers.js';

// `npm test`: everything a change needs checked, files side by side. The slow end-to-end tier
// (vitest.e2e.config.ts, `npm run test:e2e`) is excluded; see vitest.tiers.ts.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...SLOW_TIER, '**/node_modules/**'],
    // Tests start real servers on 127.0.0.1 and some spawn the built binary: give them room
    // on a shared 2-core machine instead of flaking on a slow moment.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: one at a time on 2 cores. Many files
    // spend their time waiting on child processes and sockets, so two workers per CPU pay off.
    maxWorkers: '200%',
  },
});
