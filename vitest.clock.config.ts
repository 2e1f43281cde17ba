import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { CLOCK_TIER } from './vitest.tiers.js';

// `npm run test:clock`: CLOCK_TIER under libfaketime, one instant per run (scripts/test-clock.mjs
// sets the clock). The settings of `npm test`'s shared project (vitest.config.ts).
export default defineConfig({
  test: {
    include: CLOCK_TIER.include,
    exclude: [...CLOCK_TIER.exclude, '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2 * availableParallelism(),
    isolate: false,
  },
});
