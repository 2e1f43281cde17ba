// Helpers for benches that measure whole processes (bench/export.js): medians, a child process
// measured from the outside (wall time) and from the inside (peak RSS and CPU through the
// usage.js preload), a sandbox server in its own process, and clean-up of both on failure and on
// Ctrl-C. In bench/lib/ so that bench/run.js does not take it for a section.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const usagePreload = pathToFileURL(join(root, 'bench', 'lib', 'usage.js')).href;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

// Everything to undo on the way out, newest first: child processes to kill, folders to remove.
const cleanups = [];
let cleaned = false;
export function onCleanup(fn) {
  cleanups.push(fn);
}
export function cleanup() {
  if (cleaned) return;
  cleaned = true;
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {
      // keep undoing the rest
    }
  }
}
process.once('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    cleanup();
    process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
  });
}

/** A temporary folder removed at exit, whatever happens. */
export function tempDir(prefix = 'masg-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs `node --import usage.js ...args` and resolves with its wall time (spawn to exit, as the
 * parent sees it), peak RSS and CPU time (as the child reports them). Rejects on a non-zero exit
 * or after `timeoutMs` (the child is killed).
 */
export function measureNode(args, { env = process.env, timeoutMs = 180_000, usageFile, label = args.join(' '), stdoutFile } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // stdoutFile: the child writes straight to the file, as `> FILE` would (no pipe through us).
    const fd = stdoutFile === undefined ? undefined : openSync(stdoutFile, 'w');
    const child = spawn(process.execPath, ['--import', usagePreload, ...args], {
      env: { ...env, MASG_BENCH_USAGE_FILE: usageFile },
      stdio: ['ignore', fd ?? 'pipe', 'pipe'],
    });
    if (fd !== undefined) closeSync(fd);
    const kill = () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');
    onCleanup(kill);
    let out = '';
    child.stdout?.on('data', (c) => (out = (out + c).slice(-20_000)));
    child.stderr.on('data', (c) => (out = (out + c).slice(-20_000)));
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`${label}: no exit after ${timeoutMs / 1000} s (killed)`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`${label}: exit ${code ?? signal}\n${out.trim()}`));
      let usage;
      try {
        usage = JSON.parse(readFileSync(usageFile, 'utf8'));
        rmSync(usageFile, { force: true });
      } catch (err) {
        return reject(new Error(`${label}: no usage report (${err.message})`));
      }
      resolve({ ms, rssMb: usage.maxRssKb / 1024, cpuMs: (usage.userUs + usage.systemUs) / 1000, output: out });
    });
  });
}

/**
 * `node dist/sandbox/main.js --port 0 ...args` in its own process (its CPU and memory are not the
 * client's); resolves once it listens, with its URL and a stop() that waits for it to exit.
 */
export function startSandboxProcess(args, { timeoutMs = 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'dist', 'sandbox', 'main.js'), '--host', '127.0.0.1', '--port', '0', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    const alive = () => child.exitCode === null && child.signalCode === null;
    onCleanup(() => alive() && child.kill('SIGKILL'));
    const stop = async () => {
      if (alive()) child.kill('SIGTERM');
      const timer = setTimeout(() => alive() && child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    };
    let text = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`sandbox did not start within ${timeoutMs / 1000} s:\n${text}`));
    }, timeoutMs);
    const onData = (c) => {
      text += c;
      const m = /listening on (http:\/\/\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ url: m[1], pid: child.pid, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c) => (text += c));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited (${code ?? signal}) before listening:\n${text}`));
    });
  });
}

/**
 * The environment a bench's masg child runs in: the sandbox's demo account, a config folder of
 * its own (nothing a user saved may change what is measured), no colour, and `extra` on top.
 */
export function benchEnv(url, account, configDir, extra = {}) {
  return {
    ...process.env,
    MASG_BASE_URL: url,
    MASG_EMAIL: account.email,
    MASG_DEVELOPER_KEY: account.key,
    MASG_CONFIG_DIR: configDir,
    NO_COLOR: '1',
    ...extra,
  };
}

/** Runs a bench's main(argv) → exit code, reporting a crash under the bench's name, and cleans up. */
export async function runBench(name, main) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (err) {
    console.error(`bench/${name}.js: ${err.stack ?? err}`);
    process.exitCode = 1;
  } finally {
    cleanup();
  }
}

/** `--name N` from argv: a whole number of at least 1, else `fallback`; anything else throws, naming the option. */
export function wholeOption(argv, name, fallback) {
  const i = argv.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} needs a whole number, got "${argv[i + 1]}"`);
  return n;
}
