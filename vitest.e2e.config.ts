import { defineConfig } from 'vitest/config';
import { limit } from './test/helpers/time-limits.js';
import { SLOW_TIER } from './vitest.tiers.js';

// `npm run test:e2e`: the slow tier (see vitest.tiers.ts). One file at a time, so each one's
// crowd of processes is not measured against another's and no limit depends on the neighbours.
export default defineConfig({
  test: {
    include: SLOW_TIER,
    testTimeout: limit(120_000),
    hookTimeout: limit(60_000),
    pool: 'forks',
    fileParallelism: false,
  },
});
