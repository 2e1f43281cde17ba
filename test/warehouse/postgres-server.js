// A real PostgreSQL server for the warehouse tests and bench/warehouse.js: initdb into a
// temporary folder, then `postgres` on 127.0.0.1 and a free port, its socket in that folder.
// PostgreSQL refuses to run as root, so as root both run as the `postgres` system user (created
// by the Debian package) through runuser, with the folder chowned to it. The binaries are found
// under /usr/lib/postgresql/*/bin (CI installs them: .ci/run). stop() ends the server and
// removes the folder.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of initdb and postgres, or undefined when PostgreSQL is not installed. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : undefined;
}

export const POSTGRES_SKIP = postgresBin()
  ? undefined
  : 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): .ci/run installs the Debian package';

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The command line, run as the postgres user when we are root. */
function command(bin, args) {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

/**
 * Starts a server; resolves with { url(db), createDatabase(name), stop() }. `fsync: false` for
 * tests (the faults they force are the client's, not the server's); the bench keeps fsync on.
 */
export async function startPostgres({ fsync = false } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error(POSTGRES_SKIP);
  const dir = mkdtempSync(join(tmpdir(), 'masg-pg-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const [initCmd, initArgs] = command(join(bin, 'initdb'), [
    '-D',
    data,
    '--auth=trust',
    '--username=masg',
    '--no-sync',
    '--encoding=UTF8',
    '--locale=C',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const [cmd, args] = command(join(bin, 'postgres'), [
    '-D',
    data,
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-p',
    String(port),
    '-c',
    `fsync=${fsync ? 'on' : 'off'}`,
    '-c',
    'max_connections=40',
  ]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (c) => (log = (log + c).slice(-8000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = (db = 'postgres') => `postgres://masg@127.0.0.1:${port}/${db}`;
  const { default: pg } = await import('pg');
  const query = async (sql, db = 'postgres') => {
    const client = new pg.Client({ connectionString: url(db) });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const started = Date.now();
  for (;;) {
    try {
      await query('SELECT 1');
      break;
    } catch (err) {
      if (child.exitCode !== null || Date.now() - started > 30_000) {
        child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`postgres did not start: ${err.message}\n${log}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  let n = 0;
  return {
    port,
    url,
    query,
    /** A fresh database; resolves with its URL. */
    async createDatabase(prefix = 'masg') {
      const name = `${prefix}_${++n}`;
      await query(`CREATE DATABASE ${name}`);
      return url(name);
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT'); // "fast" shutdown: disconnects clients, no wait
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
