// The test tiers, by cost (CPU seconds per file, measured with /usr/bin/time on each file alone).
// `npm test` runs every file except these; `npm run test:e2e` runs these alone, one file at a
// time: npm pack and global installs, real pseudo-terminals, real shells (bash, zsh, fish),
// PostgreSQL, the built binary killed mid-sync, the README's tour as nine runs of the binary, a
// table past its 100,000-row limit (a sandbox of 100,001 publications), the stress suite, the
// layer check (dependency-cruiser over src/ and its proving tree, about 13 s of CPU; `npm run
// lint` runs the same check) and the transport under sustained load (test/reliability/load.test.ts).
export const SLOW_TIER = [
  'test/e2e/**/*.test.ts',
  'test/stress/**/*.test.ts',
  'test/architecture/layers.test.ts',
  'test/reliability/load.test.ts',
];

// Files that replace one of src/'s modules with vi.mock: in a shared module graph the real module
// is already loaded and the mock would not take, so these run with their own (vitest.config.ts).
export const ISOLATED = ['test/cli/internal-error.test.ts'];

// `npm run test:clock` (scripts/test-clock.mjs): the files whose answers depend on which day it is
// in which zone, run again under libfaketime at instants where the accounts' zones disagree on the
// date (UTC, Los Angeles, Berlin, Kiritimati). Only they: file locks judge staleness by mtime,
// which libfaketime does not shift for Node's statx, and Chromium does not run under it.
export const CLOCK_TIER = {
  include: [
    'test/warehouse/**/*.test.ts',
    'test/pulse/**/*.test.ts',
    'test/accounts-cli/**/*.test.ts',
    'test/mcp/**/*.test.ts',
    'test/time/**/*.test.ts',
    'test/stats/**/*.test.ts',
    'test/commands/zone.test.ts',
    'test/commands/stats*.test.ts',
  ],
  exclude: ['test/pulse/html*.test.ts'],
};
