// One way to open a PostgreSQL connection for the warehouse, for the sync's session and for
// `masg sql`'s cursor alike: pg loaded lazily, a refused connection as exit 7 naming the target.
import type { Client } from 'pg';
import { LocalIOError } from '../core/errors.js';
import { trimMessage } from './brief-error.js';

export interface PgConnection {
  client: Client;
  /** The error the connection was lost with while idle, if it was. */
  lost(): Error | undefined;
}

export async function connectPostgres(url: string, label: string, applicationName: string): Promise<PgConnection> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  // A connection lost while idle would otherwise be an unhandled 'error' event (a crash).
  let lost: Error | undefined;
  client.on('error', (err: Error) => void (lost = err));
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw new LocalIOError(`Cannot connect to the warehouse ${label}: ${trimMessage((err as Error).message)}`, {
      path: label,
      errno: (err as NodeJS.ErrnoException).code,
      cause: err,
      hint: 'Check the URL in --db or MASG_DB (host, port, database, user, password) and that the server is running.',
    });
  }
  return { client, lost: () => lost };
}
