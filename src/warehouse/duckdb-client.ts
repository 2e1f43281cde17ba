// @duckdb/node-api is CommonJS: require() loads it ~110 ms faster than import(), which first
// scans every file its index re-exports for their names (cjs-module-lexer).
import { createRequire } from 'node:module';

type Client = typeof import('@duckdb/node-api');

const require = createRequire(import.meta.url);
let client: Client | undefined;

export function duckdbClient(): Client {
  return (client ??= require('@duckdb/node-api') as Client);
}

type Bindings = typeof import('@duckdb/node-bindings');
let bindings: Bindings | undefined;

/** The C API beneath the client (installed with it): a chunk's vectors as bytes, for masg sql's csv. */
export function duckdbBindings(): Bindings {
  return (bindings ??= require('@duckdb/node-bindings') as Bindings);
}
