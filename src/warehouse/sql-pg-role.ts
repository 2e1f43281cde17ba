// What a PostgreSQL role can do outside `BEGIN READ ONLY`. A read-only transaction refuses every
// change to the database, but not what a role may do beside it: a superuser or a member of
// pg_execute_server_program runs `COPY … TO PROGRAM`, pg_write_server_files writes files on the
// server, and dblink or postgres_fdw (EXECUTE is granted to PUBLIC when they are installed) run
// statements in a second session of their own, where `dblink_exec('…', 'DELETE …')` commits. And
// the role that syncs (one that owns or may change a table, or owns the database) may ANALYZE,
// REINDEX and LOCK its tables inside a read-only transaction, and pg_terminate_backend its own
// other sessions, a running sync among them; pg_signal_backend ends anyone's, pg_maintain
// maintains every table. So masg sql asks the server before a read-only query, and refuses such a
// role (exit 2): read-only work is a reader role's, which can do none of this.
import type { Client } from 'pg';
import { UsageError } from '../core/errors.js';

/** The extensions whose functions open a session of their own (or, adminpack, write server files). */
const SIDE_DOOR_EXTENSIONS = ['dblink', 'postgres_fdw', 'adminpack'];

// Through every role the session may SET ROLE to (MEMBER), since a statement can do that itself
// (set_config('role', …)); MAINTAIN on a table exists from PostgreSQL 17.
const ROLE_QUERY = `
SELECT pg_backend_pid() AS pid,
  EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolsuper AND pg_has_role(session_user, r.oid, 'MEMBER')) AS superuser,
  ARRAY(SELECT r.rolname::text FROM pg_roles r
        WHERE r.rolname IN ('pg_execute_server_program', 'pg_write_server_files', 'pg_signal_backend', 'pg_maintain')
          AND pg_has_role(session_user, r.oid, 'MEMBER') ORDER BY 1) AS roles,
  EXISTS (SELECT 1 FROM pg_database d WHERE d.datname = current_database() AND pg_has_role(session_user, d.datdba, 'MEMBER')) AS owns_database,
  (SELECT c.oid::regclass::text FROM pg_class c JOIN pg_roles r ON pg_has_role(session_user, r.oid, 'MEMBER')
   WHERE c.relkind IN ('r', 'p', 'm', 'f') AND c.relpersistence <> 't'
     AND c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
     AND (c.relowner = r.oid OR has_table_privilege(r.oid, c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE')
          OR (current_setting('server_version_num')::int >= 170000 AND has_table_privilege(r.oid, c.oid, 'MAINTAIN')))
   ORDER BY 1 LIMIT 1) AS writable,
  ARRAY(SELECT DISTINCT e.extname::text FROM pg_extension e
        JOIN pg_depend d ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
          AND d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
        WHERE e.extname = ANY($1::text[]) AND has_function_privilege(session_user, d.objid, 'EXECUTE')
        ORDER BY 1) AS extensions,
  has_function_privilege(session_user, 'lo_export(oid, text)', 'EXECUTE') AS lo_export`;

export interface RoleReach {
  /** The session's backend, for pg_cancel_backend. */
  pid: number;
  /** What the role can do beside the transaction, as the message names it; empty for a reader. */
  doors: string[];
}

export async function roleReach(client: Client): Promise<RoleReach> {
  const { rows } = await client.query<{
    pid: number;
    superuser: boolean;
    roles: string[];
    owns_database: boolean;
    writable: string | null;
    extensions: string[];
    lo_export: boolean;
  }>({
    text: ROLE_QUERY,
    values: [SIDE_DOOR_EXTENSIONS],
  });
  const row = rows[0];
  const doors: string[] = [];
  if (row.superuser) doors.push('it is a superuser');
  for (const role of row.roles) if (!row.superuser) doors.push(`it is a member of ${role}`);
  if (row.owns_database && !row.superuser) doors.push('it owns the database (it may ANALYZE and REINDEX every table)');
  if (row.writable !== null && !row.superuser) {
    doors.push(
      `it owns or may change the table ${row.writable}, as the role that syncs does (it may ANALYZE, REINDEX and LOCK it, and end its own other sessions, a sync among them)`,
    );
  }
  for (const ext of row.extensions) doors.push(`it may EXECUTE the functions of ${ext}`);
  if (row.lo_export && !row.superuser) doors.push('it may EXECUTE lo_export');
  return { pid: row.pid, doors };
}

export function roleRefused(label: string, user: string | undefined, doors: string[]): UsageError {
  const who = user ? `the role ${user}` : 'this role';
  return new UsageError(
    `masg sql will not run a read-only query on ${label} as ${who}: ${doors.join('; ')}, which lets a statement change things outside its read-only transaction.`,
    {
      field: '--db',
      hint:
        'Connect as a reader role, one that may only SELECT, e.g. as a superuser:\n' +
        "  CREATE ROLE masg_reader LOGIN PASSWORD '…' NOSUPERUSER;\n" +
        '  GRANT USAGE ON SCHEMA public TO masg_reader;\n' +
        '  GRANT SELECT ON ALL TABLES IN SCHEMA public TO masg_reader;\n' +
        'and, where dblink, postgres_fdw or adminpack is installed, REVOKE EXECUTE on their functions FROM PUBLIC\n' +
        '(docs/warehouse.md has the whole script). --write runs the statement as this role anyway.',
    },
  );
}

/** Ctrl-C or SIGTERM: ask the server, on a connection of its own, to cancel the running statement. */
export async function cancelBackend(connect: () => Promise<Client>, pid: number): Promise<void> {
  const client = await connect();
  try {
    await client.query('SELECT pg_cancel_backend($1)', [pid]);
  } finally {
    await client.end().catch(() => undefined);
  }
}
