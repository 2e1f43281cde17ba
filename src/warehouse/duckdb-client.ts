// @duckdb/node-api is CommonJS: require() loads it ~110 ms faster than import(), which first
// scans every file its index re-exports for their names (cjs-module-lexer).
import { createRequire } from 'node:module';

type Client = typeof import('@duckdb/node-api');
type Bindings = typeof import('@duckdb/node-bindings');

const require = createRequire(import.meta.url);
let client: Client | undefined;
let bindings: Bindings | undefined;

export function duckdbClient(): Client {
  return (client ??= require('@duckdb/node-api') as Client);
}

/** The very binding the client uses: its chunks are only valid with it. */
export function duckdbBindings(): Bindings {
  return (bindings ??= createRequire(require.resolve('@duckdb/node-api'))('@duckdb/node-bindings') as Bindings);
}
