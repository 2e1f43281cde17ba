// Proxies from HTTP_PROXY / HTTPS_PROXY / NO_PROXY (lower case wins, as in undici and curl).
// The values come from the injected environment, never from process.env: undici's
// EnvHttpProxyAgent would read process.env for any option left undefined, so every option is
// passed explicitly ('' = none) and tests stay hermetic.
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { ConfigError } from '../errors.js';
import { REDACTED, basicCredentials } from '../redact.js';

export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
}

function pick(env: Record<string, string | undefined>, name: string): string {
  return (env[name.toLowerCase()] ?? env[name] ?? '').trim();
}

/** The proxy settings of an environment, or undefined when it names no proxy. */
export function proxyFromEnv(env: Record<string, string | undefined>): ProxySettings | undefined {
  const httpProxy = normalise(pick(env, 'HTTP_PROXY'), 'HTTP_PROXY');
  const httpsProxy = normalise(pick(env, 'HTTPS_PROXY'), 'HTTPS_PROXY');
  if (httpProxy === '' && httpsProxy === '') return undefined;
  return { httpProxy, httpsProxy, noProxy: pick(env, 'NO_PROXY') };
}

/** `proxy:3128` is common in the wild and means http://proxy:3128 (curl reads it so). */
function normalise(value: string, name: string): string {
  if (value === '') return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  try {
    const url = new URL(withScheme);
    if (!['http:', 'https:'].includes(url.protocol)) throw new Error(url.protocol);
    return withScheme;
  } catch {
    throw new ConfigError(`${name} is not a usable proxy URL: ${displayProxy(withScheme)}`, {
      hint: `Use the form http://[user:password@]host:port, or unset ${name}.`,
    });
  }
}

/** Every form in which a proxy password can appear: plain, URL-encoded, inside Proxy-Authorization. */
export function proxySecrets(proxy: ProxySettings | undefined): string[] {
  const out: string[] = [];
  for (const value of [proxy?.httpProxy, proxy?.httpsProxy]) {
    if (!value) continue;
    const url = new URL(value);
    if (url.password === '') continue;
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    out.push(password, url.password, basicCredentials(user, password));
  }
  return out;
}

/** A proxy URL fit for messages: the password replaced, the rest kept so the user knows which. */
export function displayProxy(value: string): string {
  try {
    const url = new URL(value);
    // URL would percent-encode the brackets of "[REDACTED]": put it in after serialising.
    if (url.password !== '') url.password = 'x';
    const href = url.href.replace(/\/$/, '');
    return url.password === '' ? href : href.replace(/:x@/, `:${REDACTED}@`);
  } catch {
    return value.replace(/\/\/([^:@/]*):[^@/]*@/, `//$1:${REDACTED}@`);
  }
}

/**
 * The proxy undici will use for `url`, for messages only. Mirrors EnvHttpProxyAgent's NO_PROXY
 * rules: `*`, exact host, a domain and its subdomains (leading `.` or `*.` ignored), optional port.
 */
export function proxyFor(proxy: ProxySettings | undefined, url: URL): string | undefined {
  if (!proxy) return undefined;
  const chosen = url.protocol === 'https:' ? proxy.httpsProxy || proxy.httpProxy : proxy.httpProxy;
  if (!chosen) return undefined;
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (proxy.noProxy === '*') return undefined;
  for (const entry of proxy.noProxy.split(/[,\s]/).filter(Boolean)) {
    const m = /^(.+):(\d+)$/.exec(entry);
    const name = (m ? m[1]! : entry).replace(/^\*?\./, '').toLowerCase();
    if (m && Number(m[2]) !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return undefined;
  }
  return displayProxy(chosen);
}

/** Keep-alive (an --interval report sends many requests to one host), a connect timeout, and the proxy. */
export function createDispatcher(opts: { proxy?: ProxySettings; connectTimeoutMs: number }): Dispatcher {
  const agentOptions = { keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 8, connect: { timeout: opts.connectTimeoutMs } };
  if (!opts.proxy) return new Agent(agentOptions);
  return new EnvHttpProxyAgent({ ...agentOptions, ...opts.proxy });
}
