// What `masg sandbox` shows while it serves: the faults and latency it applies (banner), a
// warning when it listens beyond loopback, and one line per request, like `stripe listen`.
// Lines never carry credentials: the Authorization header is never recorded, and a line shows
// the path without its query string (where a careless client might have put a key).

import type { FaultSpec, Latency } from './faults.js';
import type { SandboxRequestLog } from './server.js';

export function describeLatency(latency: Latency | undefined): string {
  if (latency === undefined || latency === 0) return 'none';
  return typeof latency === 'number' ? `${latency} ms per request` : `${latency[0]}-${latency[1]} ms per request (random)`;
}

export function describeFaults(spec: FaultSpec | undefined): string {
  const rates = Object.entries(spec?.rates ?? {}).filter(([, rate]) => rate && rate > 0);
  const parts = rates.map(([kind, rate]) => `${kind} ${percent(rate)}`);
  if (spec?.next?.length) parts.push(`next: ${spec.next.join(', ')}`);
  if (spec?.latencyMs !== undefined) parts.push(`latency ${describeLatency(spec.latencyMs).replace(' per request', '')}`);
  if (parts.length === 0) return 'none';
  if (spec?.retryAfter !== undefined) parts.push(`retry-after ${spec.retryAfter} s`);
  if (spec?.seed !== undefined) parts.push(`seed ${spec.seed}`);
  const where = spec?.path === undefined ? '' : ` (only paths containing ${String(spec.path)})`;
  return parts.join(', ') + where;
}

const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\]|::ffff:127(\.\d{1,3}){3})$/i;

/** A warning for stderr when the sandbox can be reached from other machines, else undefined. */
export function exposureWarning(host: string): string | undefined {
  if (LOOPBACK.test(host.trim())) return undefined;
  return (
    `masg sandbox: warning: listening on ${host}, not only on this machine (loopback).\n` +
    '  The sandbox accounts and developer keys are public (shown below and in the docs): anyone who\n' +
    '  can reach this port can read and change its data. Leave --host out (127.0.0.1) unless other\n' +
    '  machines must reach it.\n'
  );
}

/** One request as `masg sandbox` prints it: time, method, path, status, duration, fault. */
export function requestLine(entry: SandboxRequestLog, ms: number, at: Date): string {
  const time = [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  // The path as recorded (no query string); anything unprintable is shown as "?".
  const path = entry.path.replace(/[^\x20-\x7e]/g, '?');
  const status = entry.status === 0 ? 'no answer' : String(entry.status);
  const fault = entry.fault ? `  fault: ${entry.fault}` : '';
  return `${time}  ${entry.method.padEnd(4)} ${path}  ${status}  ${Math.round(ms)} ms${fault}`;
}
