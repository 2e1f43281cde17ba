import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The stress suite has its own config and script (`npm run stress`).
    exclude: ['test/stress/**', '**/node_modules/**'],
    // Tests start real servers on 127.0.0.1 and some spawn the built binary: give them room
    // on a shared 2-core machine instead of flaking on a slow moment.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
