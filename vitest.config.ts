import { defineConfig } from 'vitest/config';
import { limit } from './test/helpers/time-limits.js';
import { SLOW_TIER } from './vitest.tiers.js';

// `npm test`: everything a change needs checked, files side by side. The slow end-to-end tier
// (vitest.e2e.config.ts, `npm run test:e2e`) is excluded; see vitest.tiers.ts.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...SLOW_TIER, '**/node_modules/**'],
    // Tests start real servers on 127.0.0.1 and some spawn the built binary: give them room,
    // more on a loaded machine (test/helpers/time-limits.ts), instead of flaking on a slow moment.
    testTimeout: limit(30_000),
    hookTimeout: limit(30_000),
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: one at a time on 2 cores. Many files
    // spend their time waiting on child processes and sockets, so two workers per CPU pay off.
    maxWorkers: '200%',
  },
});
