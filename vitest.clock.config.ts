import { defineConfig } from 'vitest/config';
import { common } from './vitest.config.js';
import { CLOCK_TIER } from './vitest.tiers.js';

// `npm run test:clock`: CLOCK_TIER under libfaketime, one instant per run (scripts/test-clock.mjs
// sets the clock), with the settings of `npm test`'s shared project.
export default defineConfig({
  test: {
    ...common,
    include: CLOCK_TIER.include,
    exclude: [...CLOCK_TIER.exclude, '**/node_modules/**'],
    isolate: false,
  },
});
