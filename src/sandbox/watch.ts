// What `masg sandbox` shows while it serves. Lines never carry credentials: no Authorization
// header, and no query string (where a careless client might have put a key).

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

export function exposureWarning(host: string): string | undefined {
  if (LOOPBACK.test(host.trim())) return undefined;
  return (
    `masg sandbox: warning: listening on ${host}, not only on this machine (loopback).\n` +
    '  The sandbox accounts and developer keys are public (shown below and in the docs): anyone who\n' +
    '  can reach this port can read and change its data. Leave --host out (127.0.0.1) unless other\n' +
    '  machines must reach it.\n'
  );
}

export function requestLine(entry: SandboxRequestLog, ms: number, at: Date): string {
  const time = [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
  const path = entry.path.replace(/[^\x20-\x7e]/g, '?');
  const status = entry.status === 0 ? 'no answer' : String(entry.status);
  const fault = entry.fault ? `  fault: ${entry.fault}` : '';
  return `${time}  ${entry.method.padEnd(4)} ${path}  ${status}  ${Math.round(ms)} ms${fault}`;
}
