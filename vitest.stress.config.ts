import { defineConfig } from 'vitest/config';
import { limit } from './test/helpers/time-limits.js';

// `npm run stress`: the promises of "Nothing is lost", each forced for real — parallel
// processes, read-only and full targets, kill -9, broken streams — against the sandbox and real
// files. Kept apart from `npm test` because it spawns many processes; CI runs both.
export default defineConfig({
  test: {
    include: ['test/stress/**/*.test.ts'],
    testTimeout: limit(120_000),
    hookTimeout: limit(60_000),
    pool: 'forks',
    // Each file spawns its own crowd of processes; running files side by side on a 2-core
    // machine would measure the scheduler, not masg.
    fileParallelism: false,
  },
});
