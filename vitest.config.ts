import { defineConfig } from 'vitest/config';
import { SLOW_TIER } from './vitest.tiers.js';

// `npm test`: everything a change needs checked, files side by side. The slow end-to-end tier
// (vitest.e2e.config.ts, `npm run test:e2e`) is excluded; see vitest.tiers.ts.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...SLOW_TIER, '**/node_modules/**'],
    // A hang guard, never a speed claim: no test asserts an upper bound on wall-clock time (a busy
    // machine cannot fail it); timing figures live in `npm run bench`.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the CPUs: one at a time on 2 cores. Many files
    // spend their time waiting on child processes and sockets, so two workers per CPU pay off.
    maxWorkers: '200%',
  },
});
