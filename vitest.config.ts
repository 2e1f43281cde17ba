import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ISOLATED, SLOW_TIER } from './vitest.tiers.js';

// `npm test`: everything a change needs checked, files side by side. The slow end-to-end tier
// (vitest.e2e.config.ts, `npm run test:e2e`) is excluded; see vitest.tiers.ts.
export const common = {
  // A hang guard, never a speed claim: no test asserts an upper bound on wall-clock time (a busy
  // machine cannot fail it); timing figures live in `npm run bench`.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Vitest's default is one worker fewer than the CPUs: one at a time on 2 cores. Many files
  // spend their time waiting on child processes and sockets, so two workers per CPU pay off.
  // A number: vitest caps a percentage at one worker per CPU.
  maxWorkers: 2 * availableParallelism(),
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...common,
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...SLOW_TIER, ...ISOLATED, '**/node_modules/**'],
          // Files share their worker's module graph instead of importing src/ afresh each: on
          // 2 cores, 208 s of `vitest run` became 125 s (330 s of CPU, 180 s). It holds because no
          // test keeps state in a module: each file builds its own sandbox, config folder and
          // client, and puts back what it changes in the process (env, cwd, timers, spies).
          isolate: false,
        },
      },
      // Files that replace a module (vi.mock) need a module graph of their own.
      { test: { ...common, name: 'isolated', include: ISOLATED } },
    ],
  },
});
