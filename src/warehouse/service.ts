// An account is an e-mail at a service: the same e-mail on a production host and a staging host
// are two accounts, whose days must never replace each other's. The warehouse keys its rows by
// the e-mail (docs/warehouse.md) and records, per account, the service it was synced from
// (masg_sync_accounts.service); a sync of that e-mail from another service is refused for it.

import { UsageError } from '../core/errors.js';

/**
 * The embedded sandbox of `masg --sandbox`: one service, its state kept under the config folder,
 * although its port is new on every run (port 0), so its base URL is never the same twice.
 */
const SANDBOX_SERVICE = 'sandbox';

/**
 * The service a base URL reaches: its origin, normalised by the URL parser (scheme and host in
 * lower case, a default port left out: `HTTPS://Api.Example.com:443/v1/` is
 * `https://api.example.com`). Never a user name, password or path: a path may hold a secret, and
 * the value is shown by `masg sync --status` and kept in the database.
 */
export function serviceOf(baseUrl: string, sandbox = false): string {
  if (sandbox) return SANDBOX_SERVICE;
  const url = new URL(baseUrl);
  return url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin;
}

/** A sync of an e-mail the warehouse holds from another service: refused for that account, before anything is fetched. */
export class OtherServiceError extends UsageError {}

/** Refuses the account's sync when the warehouse holds it from another service (`held`; none yet: no refusal). */
export function refuseOtherService(label: string, account: string, held: string | null | undefined, service: string): void {
  if (!held || held === service) return;
  // The hint's statement quotes the e-mail as an SQL string: a quote in it is doubled.
  const literal = account.replaceAll("'", "''");
  throw new OtherServiceError(
    `The warehouse ${label} holds ${account} from ${held}; this run reaches ${account} at ${service}, another service, ` +
      `whose days would replace those of ${held}: nothing of it was fetched, and nothing in the warehouse changed.`,
    {
      field: '--db',
      hint:
        `Sync it into a warehouse of its own (--db, or MASG_DB). If ${held} has moved to ${service} (the same account), clear the ` +
        `service and the next sync records the new one: masg sql --db DB --write "UPDATE masg_sync_accounts SET service = NULL WHERE account = '${literal}'".`,
    },
  );
}
