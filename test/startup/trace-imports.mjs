// Preloaded with `node --import` by lazy-load.test.ts: records every module the process loads,
// ESM through a resolve hook and CommonJS through require.cache, into the file named by
// MASG_TRACE_FILE (a variable of this test harness only, never read by masg itself).
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const file = process.env.MASG_TRACE_FILE;
register('./trace-hooks.mjs', import.meta.url, { data: { file } });
const cache = createRequire(import.meta.url).cache;
process.on('exit', () =>
  appendFileSync(
    file,
    Object.keys(cache)
      .map((k) => `${k}\n`)
      .join(''),
  ),
);
