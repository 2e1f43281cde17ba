// The test tiers, by cost (CPU seconds per file, measured with /usr/bin/time on each file alone).
// `npm test` runs every file except these; `npm run test:e2e` runs these alone, one file at a
// time: npm pack and global installs, real pseudo-terminals, real shells (bash, zsh, fish),
// PostgreSQL, the built binary killed mid-sync, and the stress suite.
export const SLOW_TIER = ['test/e2e/**', 'test/stress/**'];
