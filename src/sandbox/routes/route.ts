// Every endpoint parses before authentication (parameter errors win, as in production), then runs.

import type { Store } from '../store.js';
import type { Country } from '../statistics/countries.js';
import type { Account } from '../types.js';
import type { Params } from '../validate.js';
import type { Format, Reply } from '../wire/reply.js';

export interface RouteContext {
  store: Store;
  account: Account;
  format: Format;
  now: Date;
  flavor: 'production' | 'spec';
  countries: Country[];
}

export interface Route<I = unknown> {
  method: 'GET' | 'POST';
  /** Path segments without the format suffix; ":id" matches one segment. */
  pattern: string;
  /** The server persists before answering. */
  mutates?: boolean;
  parse(params: Params, ids: string[]): I;
  run(ctx: RouteContext, input: I): Reply;
}

/** Keeps each route's input type checked between parse and run while the table stays untyped. */
export function route<I>(r: Route<I>): Route {
  return r;
}
