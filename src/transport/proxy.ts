// Proxies from HTTP_PROXY / HTTPS_PROXY / NO_PROXY in the injected environment. EnvHttpProxyAgent
// reads process.env for any option left undefined, so every option is passed ('' = none).
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { ConfigError } from '../core/errors.js';
import { REDACTED, basicCredentials } from '../core/redact.js';
import { timerMs } from './retry.js';

export interface ProxySettings {
  httpProxy: string;
  httpsProxy: string;
  noProxy: string;
  /** For messages: "https_proxy", "HTTP_PROXY". */
  from?: { http?: string; https?: string };
}

/** The lower-case name wins, as in undici and curl. */
function pick(env: Record<string, string | undefined>, name: string): { value: string; name: string } {
  const lower = name.toLowerCase();
  const chosen = env[lower] !== undefined ? lower : name;
  return { value: (env[chosen] ?? '').trim(), name: chosen };
}

export function proxyFromEnv(env: Record<string, string | undefined>): ProxySettings | undefined {
  const http = pick(env, 'HTTP_PROXY');
  const https = pick(env, 'HTTPS_PROXY');
  const httpProxy = normalise(http.value, http.name);
  const httpsProxy = normalise(https.value, https.name);
  if (httpProxy === '' && httpsProxy === '') return undefined;
  const from = { ...(httpProxy && { http: http.name }), ...(httpsProxy && { https: https.name }) };
  return { httpProxy, httpsProxy, noProxy: pick(env, 'NO_PROXY').value, from };
}

/** `proxy:3128` means http://proxy:3128, as in curl; what undici cannot use is a ConfigError now, password hidden. */
function normalise(value: string, name: string): string {
  if (value === '') return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  const refuse = (why: string) =>
    new ConfigError(`${name} is not a usable proxy URL (${why}): ${displayProxy(withScheme)}`, {
      hint: `Use the form http://[user:password@]host:port, with "%" in the user name or password written as %25, or unset ${name}.`,
    });
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw refuse('it does not parse as a URL');
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw refuse(`the scheme must be http:// or https://, not ${url.protocol}//`);
  if (url.hostname === '') throw refuse('it names no host');
  // undici decodes the credentials with decodeURIComponent when it builds Proxy-Authorization.
  if (decodes(url.username) === undefined || decodes(url.password) === undefined) {
    throw refuse('the user name or password has a "%" that is not followed by two hex digits');
  }
  return withScheme;
}

function decodes(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The password as written and decoded, and the Proxy-Authorization token. */
export function proxySecrets(proxy: ProxySettings | undefined): string[] {
  const out: string[] = [];
  for (const value of [proxy?.httpProxy, proxy?.httpsProxy]) {
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    if (url.password === '') continue;
    const user = decodes(url.username) ?? url.username;
    const password = decodes(url.password) ?? url.password;
    out.push(password, url.password, basicCredentials(user, password));
  }
  return out;
}

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

export interface ProxyRoute {
  url: string;
  variable: string;
}

/** For messages only: mirrors EnvHttpProxyAgent's NO_PROXY rules. */
export function proxyFor(proxy: ProxySettings | undefined, url: URL): ProxyRoute | undefined {
  if (!proxy) return undefined;
  const https = url.protocol === 'https:' && proxy.httpsProxy !== '';
  const chosen = https ? proxy.httpsProxy : proxy.httpProxy;
  if (!chosen) return undefined;
  const host = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (proxy.noProxy === '*') return undefined;
  for (const entry of proxy.noProxy.split(/[,\s]/).filter(Boolean)) {
    const m = /^(.+):(\d+)$/.exec(entry);
    const name = (m ? m[1] : entry).replace(/^\*?\./, '').toLowerCase();
    if (m && Number(m[2]) !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return undefined;
  }
  const variable = (https ? proxy.from?.https : proxy.from?.http) ?? (https ? 'HTTPS_PROXY' : 'HTTP_PROXY');
  return { url: displayProxy(chosen), variable };
}

/** `connections`: the caller's concurrency, or no cap; without one undici may open twice as many. */
export function createDispatcher(opts: { proxy?: ProxySettings; connectTimeoutMs: number; connections?: number }): Dispatcher {
  const agentOptions = {
    keepAliveTimeout: 10_000,
    keepAliveMaxTimeout: 60_000,
    connections: opts.connections,
    connect: { timeout: timerMs(opts.connectTimeoutMs) },
  };
  if (!opts.proxy) return new Agent(agentOptions);
  const { httpProxy, httpsProxy, noProxy } = opts.proxy;
  return new EnvHttpProxyAgent({ ...agentOptions, httpProxy, httpsProxy, noProxy });
}
