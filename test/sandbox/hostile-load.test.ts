// Hostile load against `masg sandbox` in its own process: 100 unauthenticated 15 MB POSTs (half
// with Content-Length, half chunked) must each get a 413 (not a reset), and the process's peak
// resident memory (VmHWM, read from /proc) must stay under a fixed bound. Before the fix, the
// same load took it from about 94 MB to 2.25 GB.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryOf, spawnSandbox, type SpawnedSandbox } from './spawned.js';

const POSTS = 100;
const MB = 1024 * 1024;
const BODY_MB = 15;
const PEAK_LIMIT_MB = 200;
const piece = Buffer.alloc(MB, 'name=x&'.repeat(MB / 7 + 1).slice(0, MB));

/** One POST of BODY_MB written in 1 MiB pieces with back-pressure; resolves with the status. */
function bigPost(url: string, chunked: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (!chunked) headers['content-length'] = BODY_MB * MB;
    let status = 0;
    // Done when the answer has been read AND the whole body was sent without a reset.
    const req = request(`${url}/publication/create.xml`, { method: 'POST', headers, agent: false }, (res) => {
      status = res.statusCode ?? 0;
      res.resume();
    });
    req.on('error', reject);
    req.on('close', () => (status ? resolve(status) : reject(new Error('closed without an answer'))));
    let sent = 0;
    const write = () => {
      while (sent < BODY_MB) {
        sent++;
        if (!req.write(piece)) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

let sb: SpawnedSandbox;
beforeAll(async () => {
  sb = await spawnSandbox(['--no-log']);
});
afterAll(() => sb?.stop());

describe('hostile load', () => {
  it(`answers ${POSTS} unauthenticated ${BODY_MB} MB POSTs with 413 and stays under ${PEAK_LIMIT_MB} MiB`, async () => {
    const before = memoryOf(sb.child.pid!);
    const statuses: number[] = [];
    for (let i = 0; i < POSTS; i += 4) {
      statuses.push(...(await Promise.all([0, 1, 2, 3].map((k) => bigPost(sb.url, (i + k) % 2 === 1)))));
    }
    expect(statuses).toEqual(Array(POSTS).fill(413));
    const after = memoryOf(sb.child.pid!);
    console.log(`sandbox memory (MiB) before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
    expect(after.peak, `before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`).toBeLessThan(PEAK_LIMIT_MB);
    // Still serving, and the form limit is not the only thing keeping memory down: a normal
    // request right after is answered.
    const ok = await fetch(`${sb.url}/publication/list.xml`, {
      headers: { authorization: `Basic ${Buffer.from('demo@sandbox.masg.test:demo-developer-key').toString('base64')}` },
    });
    expect(ok.status).toBe(200);
  }, 120_000);

  it('an oversize body announced with Expect: 100-continue is refused before it is sent', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${sb.url}/publication/create.xml`,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 50 * MB, expect: '100-continue' },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('continue', () => reject(new Error('the sandbox asked for the body')));
      req.on('error', reject);
    });
    expect(status).toBe(413);
  });
});
