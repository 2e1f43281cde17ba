// HTTP_PROXY / HTTPS_PROXY / NO_PROXY, taken from the injected environment (never process.env),
// through a real forward proxy written here: it tunnels CONNECT and forwards absolute-URI
// requests, and records what went through it, so the tests see the traffic, not a mock.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxyFor, proxyFromEnv, proxySecrets, type ProxySettings } from '../../src/transport/proxy.js';
import { startHarness, type Harness } from '../commands/harness.js';

interface Passed {
  method: string;
  target: string;
  proxyAuthorization?: string;
}

interface TestProxy {
  url: string;
  port: number;
  passed: Passed[];
  /** CONNECT to these host names is refused with 403 (e.g. an https:// target we cannot reach). */
  refuse: Set<string>;
  /** When set, a CONNECT without exactly this Proxy-Authorization gets 407. */
  requireAuth: { value?: string };
  close(): Promise<void>;
}

async function startProxy(): Promise<TestProxy> {
  const passed: Passed[] = [];
  const refuse = new Set<string>();
  const requireAuth: { value?: string } = {};
  const server: Server = createServer((req, res) => {
    // Absolute-URI form: "GET http://host:port/path HTTP/1.1".
    passed.push({ method: req.method ?? '', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'] });
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    passed.push({ method: 'CONNECT', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'] });
    const [host, port] = (req.url ?? '').split(':');
    if (requireAuth.value !== undefined && req.headers['proxy-authorization'] !== requireAuth.value) {
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: Basic realm="test"\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    if (refuse.has(host!)) {
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), host!, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    passed,
    refuse,
    requireAuth,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let h: Harness;
let proxy: TestProxy;
beforeAll(async () => {
  h = await startHarness();
  proxy = await startProxy();
});
afterAll(async () => {
  await proxy.close();
  await h.close();
});
beforeEach(() => {
  h.mark();
  proxy.passed.length = 0;
  proxy.requireAuth.value = undefined;
});
afterEach(() => h.sandbox.setFaults(undefined));

const sandboxHostPort = () => new URL(h.sandbox.url).host;
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

describe('through the proxy', () => {
  it.each(['HTTP_PROXY', 'http_proxy'])('%s: every request goes through it', async (name) => {
    const run = await h.masg(['adv', 'list', '-o', 'csv'], { env: { [name]: proxy.url } });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^id,name/);
    expect(proxy.passed).toEqual([{ method: 'CONNECT', target: sandboxHostPort(), proxyAuthorization: undefined }]);
    expect(h.sent()).toHaveLength(1);
  });

  it('proxy credentials are sent to the proxy and redacted from --debug and errors', async () => {
    const password = 'pr0xy-s3cret!';
    const env = { HTTP_PROXY: `http://ops:${encodeURIComponent(password)}@127.0.0.1:${proxy.port}` };
    const run = await h.masg(['adv', 'list', '-o', 'csv', '--debug'], { env });
    expect(run.code).toBe(0);
    expect(proxy.passed[0]!.proxyAuthorization).toBe(basic('ops', password));
    // A failure names the proxy, with the password hidden.
    h.sandbox.setFaults({ next: ['drop'] });
    const failed = await h.masg(['adv', 'list', '--retries', '0', '--debug'], { env });
    expect(failed.code).toBe(6);
    expect(failed.stderr).toContain(`(through the proxy http://ops:[REDACTED]@127.0.0.1:${proxy.port})`);
    for (const text of [run.stderr, run.stdout, failed.stderr]) {
      expect(text).not.toContain(password);
      expect(text).not.toContain(encodeURIComponent(password));
      expect(text).not.toContain(Buffer.from(`ops:${password}`).toString('base64'));
    }
  });

  it('retries through the proxy too', async () => {
    h.sandbox.setFaults({ next: ['503'] });
    const run = await h.masg(['adv', 'list', '-o', 'csv'], { env: { HTTP_PROXY: proxy.url } });
    expect(run.code).toBe(0);
    expect(h.sent().map((r) => r.fault ?? 'none')).toEqual(['503', 'none']);
    expect(proxy.passed.length).toBeGreaterThanOrEqual(1);
  });

  it('HTTPS_PROXY carries https:// targets: CONNECT to the host, a refusal is exit 6 naming the proxy and the host', async () => {
    proxy.refuse.add('api.masg.test');
    const run = await h.masg(['adv', 'list', '--retries', '0'], {
      env: { MASG_BASE_URL: 'https://api.masg.test/v1', HTTPS_PROXY: proxy.url },
    });
    expect(run.code).toBe(6);
    expect(proxy.passed).toEqual([{ method: 'CONNECT', target: 'api.masg.test:443', proxyAuthorization: undefined }]);
    expect(run.stderr).toContain(`The proxy ${proxy.url} (from HTTPS_PROXY) would not open a connection to api.masg.test (HTTP 403)`);
    expect(h.sent()).toEqual([]);
  });

  it('a create the proxy would not tunnel was not sent (not "unknown")', async () => {
    proxy.refuse.add('api.masg.test');
    const run = await h.masg(['pub', 'create', '--name', 'N', '--type', 'OTHER_APP', '--description', 'd', '--transparent', 'false'], {
      env: { MASG_BASE_URL: 'https://api.masg.test/v1', HTTPS_PROXY: proxy.url },
    });
    expect(run.code).toBe(6);
    expect(run.stderr).toContain('The request was not sent');
    expect(run.stderr).not.toContain('UNKNOWN');
  });

  it('a proxy that is down: exit 6, the message blames the proxy and its variable, not the service', async () => {
    const down = await startProxy();
    await down.close();
    for (const name of ['HTTP_PROXY', 'http_proxy']) {
      const run = await h.masg(['adv', 'list', '--retries', '0'], { env: { [name]: down.url } });
      expect(run.code).toBe(6);
      expect(run.stderr).toContain(
        `Could not connect to the proxy ${down.url} (from ${name}): the connection was refused (ECONNREFUSED). The service itself was not reached.`,
      );
      expect(run.stderr).toContain(`or unset ${name}`);
      expect(run.stderr).not.toContain(`connect to ${sandboxHostPort()}`);
    }
    // A create through it was never sent: safe to run again.
    const create = await h.masg(['pub', 'create', '--name', 'N', '--type', 'OTHER_APP', '--description', 'd', '--transparent', 'false'], {
      env: { HTTP_PROXY: down.url },
    });
    expect(create.code).toBe(6);
    expect(create.stderr).toContain('The request was not sent');
    expect(h.sent()).toEqual([]);
  });

  it('a proxy host that does not resolve is named, not the service host', async () => {
    const run = await h.masg(['adv', 'list', '--retries', '0'], { env: { HTTP_PROXY: 'http://proxy.invalid:3128' } });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(
      /Could not connect to the proxy http:\/\/proxy\.invalid:3128 \(from HTTP_PROXY\): its host name was not found/,
    );
    expect(run.stderr).not.toContain('Could not find the host 127.0.0.1');
  });

  it('proxy credentials rejected (407): exit 3 naming the variable, password hidden, nothing reached the service', async () => {
    proxy.requireAuth.value = basic('ops', 'right');
    const password = 'wr0ng&pass';
    const env = {
      HTTPS_PROXY: `http://ops:${encodeURIComponent(password)}@127.0.0.1:${proxy.port}`,
      MASG_BASE_URL: 'https://api.masg.test/v1',
    };
    const run = await h.masg(['adv', 'list', '--debug'], { env });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      `The proxy http://ops:[REDACTED]@127.0.0.1:${proxy.port} (from HTTPS_PROXY) rejected masg's proxy credentials (HTTP 407`,
    );
    expect(run.stderr).not.toContain(password);
    expect(run.stderr).not.toContain(encodeURIComponent(password));
    expect(proxy.passed).toHaveLength(1); // a configuration error: not retried
  });

  it('a proxy URL that is not one is a configuration error before anything is sent', async () => {
    const run = await h.masg(['adv', 'list'], { env: { HTTPS_PROXY: 'ftp://proxy.example:21' } });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('HTTPS_PROXY is not a usable proxy URL');
    expect(h.sent()).toEqual([]);
  });

  it.each(['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY'])(
    '%s with a bad %%-escape: exit 3 naming it, the password hidden, nothing sent',
    async (name) => {
      const run = await h.masg(['adv', 'list', '--debug'], { env: { [name]: 'http://ops:s3cret%zz@proxy.example:3128' } });
      expect(run.code).toBe(3);
      expect(run.stderr).toContain(`${name} is not a usable proxy URL`);
      expect(run.stderr).toContain('http://ops:[REDACTED]@proxy.example:3128');
      expect(run.stderr).not.toContain('s3cret');
      expect(run.stderr).not.toContain('URI malformed');
      expect(run.stderr).not.toContain('internal error');
      expect(h.sent()).toEqual([]);
    },
  );
});

describe('NO_PROXY', () => {
  it.each([
    ['the host', '127.0.0.1'],
    ['host and port', () => sandboxHostPort()],
    ['a list with spaces', () => `example.com, 127.0.0.1`],
    ['a wildcard', '*'],
    ['lower case', '127.0.0.1', 'no_proxy'],
  ] as const)('bypasses the proxy for %s', async (_what, value, name = 'NO_PROXY') => {
    const noProxy = typeof value === 'function' ? value() : value;
    const run = await h.masg(['adv', 'list', '-o', 'csv'], { env: { HTTP_PROXY: proxy.url, [name]: noProxy } });
    expect(run.code).toBe(0);
    expect(proxy.passed).toEqual([]);
    expect(h.sent()).toHaveLength(1);
  });

  it('an entry for another host or port does not', async () => {
    const run = await h.masg(['adv', 'list', '-o', 'csv'], { env: { HTTP_PROXY: proxy.url, NO_PROXY: 'example.com,127.0.0.1:1' } });
    expect(run.code).toBe(0);
    expect(proxy.passed).toHaveLength(1);
  });

  it('--sandbox never uses a proxy: it runs inside masg', async () => {
    const run = await h.masg(['--sandbox', 'adv', 'list', '-o', 'csv'], { env: { HTTP_PROXY: proxy.url, MASG_BASE_URL: undefined } });
    expect(run.code).toBe(0);
    expect(proxy.passed).toEqual([]);
  });

  it('process.env is never read: a proxy there is ignored', async () => {
    const saved = process.env.HTTP_PROXY;
    process.env.HTTP_PROXY = proxy.url;
    try {
      const run = await h.masg(['adv', 'list', '-o', 'csv']);
      expect(run.code).toBe(0);
      expect(proxy.passed).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = saved;
    }
  });
});

describe('proxy settings (unit)', () => {
  it('lower case wins, schemeless values mean http://, no proxy means undefined', () => {
    expect(proxyFromEnv({})).toBeUndefined();
    expect(proxyFromEnv({ NO_PROXY: 'x' })).toBeUndefined();
    expect(proxyFromEnv({ HTTP_PROXY: 'http://upper:1', http_proxy: 'http://lower:2' })).toEqual({
      httpProxy: 'http://lower:2',
      httpsProxy: '',
      noProxy: '',
      from: { http: 'http_proxy' },
    });
    expect(proxyFromEnv({ HTTPS_PROXY: 'proxy.corp:3128', no_proxy: '.corp' })).toEqual({
      httpProxy: '',
      httpsProxy: 'http://proxy.corp:3128',
      noProxy: '.corp',
      from: { https: 'HTTPS_PROXY' },
    });
  });

  it('proxyFor mirrors undici: https falls back to the http proxy, domains match subdomains', () => {
    const p: ProxySettings = {
      httpProxy: 'http://u:p@proxy:1',
      httpsProxy: '',
      noProxy: '.internal.example,localhost:8080',
      from: { http: 'http_proxy' },
    };
    const route = { url: 'http://u:[REDACTED]@proxy:1', variable: 'http_proxy' };
    expect(proxyFor(p, new URL('https://api.example.com'))).toEqual(route);
    expect(proxyFor(p, new URL('https://a.internal.example/v1'))).toBeUndefined();
    expect(proxyFor(p, new URL('https://internal.example'))).toBeUndefined();
    expect(proxyFor(p, new URL('http://localhost:8080'))).toBeUndefined();
    expect(proxyFor(p, new URL('http://localhost:8081'))).toEqual(route);
    expect(
      proxyFor({ ...p, httpsProxy: 'http://other:2', from: { ...p.from, https: 'HTTPS_PROXY' } }, new URL('https://api.example.com')),
    ).toEqual({ url: 'http://other:2', variable: 'HTTPS_PROXY' });
  });

  it('every form of a proxy password is a secret', () => {
    const secrets = proxySecrets({ httpProxy: 'http://me:p%40ss@proxy:1', httpsProxy: '', noProxy: '' });
    expect(secrets).toEqual(expect.arrayContaining(['p@ss', 'p%40ss', Buffer.from('me:p@ss').toString('base64')]));
    expect(proxySecrets(undefined)).toEqual([]);
  });
});
