// Lists as they stream through the commands: rows are written before the body has ended (memory
// stays flat), every format is byte for byte what the whole-body path wrote, a cut body is exit 6
// and leaves --out untouched, and Tab completes (and caches) the IDs of a large account. A table
// past its row limit (100,001 publications) is in the slow tier: test/e2e/table-limit.test.ts.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityRecords, pickFields } from '../../src/endpoints/entities.js';
import { PUBLICATION_RECORD_FIELDS } from '../../src/schema/publication.js';
import { main } from '../../src/cli.js';
import type { Io } from '../../src/context.js';
import { publicationColumns } from '../../src/command-kit/columns.js';
import { renderRows, type OutputFormat } from '../../src/output/index.js';
import { startFixtureServer, type FixtureServer } from '../transport/fixture-server.js';
import { runCli } from '../helpers/cli.js';
import { removeTempDirs, startHarness, tempDir, type Harness } from './harness.js';

afterAll(() => removeTempDirs());

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<masg-response>\n';
const TAIL = '</masg-response>\n';
const pub = (i: number) =>
  `<publication>\n<id>00000000-0000-4000-8000-${String(i).padStart(12, '0')}</id>\n<name>Caf&#233; &#55357;&#56832; ${i}</name>\n` +
  `<description/>\n<type>IPHONE_APP</type>\n<reference>r${i}</reference>\n<url/>\n<transparent>false</transparent>\n<requests/>\n<uniques/>\n` +
  `<languages>en</languages>\n<autoapprove>true</autoapprove>\n<status>ACTIVE</status>\n</publication>\n`;
/** About 2 MB: past the 1 MiB read-ahead, so the body is handed over before it ends. */
const FIRST = 5000;
const firstPart = () => HEAD + Array.from({ length: FIRST }, (_, i) => pub(i)).join('');

describe('against a server that holds the rest of the body back', () => {
  let server: FixtureServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startFixtureServer();
    env = { MASG_BASE_URL: server.url, MASG_EMAIL: 'ops@example.com', MASG_DEVELOPER_KEY: 'k-123456789', MASG_CONFIG_DIR: tempDir() };
    return () => server.close();
  });

  /** Runs masg with a stdout whose first chunk is reported, as a pipe's reader would see it. */
  async function runWatching(argv: string[], onFirstOutput: () => void) {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    stdout.on('data', (c: Buffer) => {
      if (out.length === 0) onFirstOutput();
      out.push(c);
    });
    stderr.on('data', (c: Buffer) => err.push(c));
    const io: Io = {
      stdout,
      stderr,
      stdin: Readable.from([]) as Io['stdin'],
      env: { HOME: '/nonexistent', ...env },
      signal: new AbortController().signal,
    };
    const code = await main(argv, io);
    return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
  }

  it('csv rows reach stdout before the body has ended: the last part is sent only once they have', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let ended = false;
    server.on('GET /publication/list.xml', (_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.write(firstPart());
      // Without streaming masg would wait for this forever (the test would time out).
      void released.then(() => {
        ended = true;
        res.end(pub(FIRST) + TAIL);
      });
    });
    let endedAtFirstOutput: boolean | undefined;
    const run = await runWatching(['pub', 'list', '-o', 'csv'], () => {
      endedAtFirstOutput = ended;
      release();
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(endedAtFirstOutput).toBe(false);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(FIRST + 2);
    expect(lines[1]).toBe('00000000-0000-4000-8000-000000000000,Café 😀 0,IPHONE_APP,ACTIVE,,r0,,false,en,,,true');
  }, 30_000);

  const cutAfterFirstPart = (_req: unknown, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.write(firstPart(), () => setTimeout(() => res.socket?.destroy(), 50));
  };

  it('a body cut after rows went to stdout: exit 6, and stderr says the output is incomplete', async () => {
    server.on('GET /publication/list.xml', cutAfterFirstPart);
    const run = await runCli(['pub', 'list', '-o', 'csv', '--retries', '0'], { env });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/closed before the whole response arrived/);
    expect(run.stderr).toMatch(/The output is incomplete: it stopped after [\d,]+ publications\./);
  }, 30_000);

  it('the same cut with --out: exit 6, the earlier file untouched, no temporary file left', async () => {
    const dir = tempDir();
    const file = join(dir, 'publications.csv');
    writeFileSync(file, 'previous,export\n');
    server.on('GET /publication/list.xml', cutAfterFirstPart);
    const run = await runCli(['pub', 'list', '--out', file, '--retries', '0'], { env });
    expect(run.code).toBe(6);
    expect(run.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe('previous,export\n');
    expect(readdirSync(dir)).toEqual(['publications.csv']);
  }, 30_000);

  it('a body that is not well formed past the read-ahead: exit 6 naming the list', async () => {
    server.on('GET /publication/list.xml', (_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(`${firstPart()}<publication>\n<id>x</nme>\n${TAIL}`);
    });
    const dir = tempDir();
    const run = await runCli(['pub', 'list', '--out', join(dir, 'p.json')], { env });
    expect(run.code).toBe(6);
    expect(run.stderr).toMatch(/list of publications was cut off or malformed/);
    expect(readdirSync(dir)).toEqual([]);
  }, 30_000);
});

describe('against the sandbox with thousands of publications', () => {
  let h: Harness;
  beforeAll(async () => {
    // Past the 1 MiB read-ahead, so the lists really stream.
    h = await startHarness({ scale: { publications: 10_001, slotsPerPublication: 0 }, demo: false });
    return () => h.close();
  });

  it.each(['csv', 'tsv', 'json', 'ndjson'] as OutputFormat[])(
    '-o %s is byte for byte what the whole-body parser and renderRows write',
    async (format) => {
      const res = await fetch(`${h.sandbox.url}/publication/list.xml`, {
        headers: { authorization: `Basic ${Buffer.from(`${h.sandbox.demo.email}:${h.sandbox.demo.key}`).toString('base64')}` },
      });
      const body = await res.text();
      expect(body.length).toBeGreaterThan(2 * 1024 * 1024); // streamed past the read-ahead
      const records = entityRecords({ status: 200, contentType: 'text/xml', body }, 'publication').map((r) =>
        pickFields(PUBLICATION_RECORD_FIELDS, r),
      );
      const expected = new PassThrough();
      const chunks: Buffer[] = [];
      expected.on('data', (c: Buffer) => chunks.push(c));
      await renderRows(expected, publicationColumns, records, { format, header: true, color: false });
      const run = await h.masg(['pub', 'list', '-o', format]);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toBe(Buffer.concat(chunks).toString('utf8'));
    },
    60_000,
  );

  it('--out FILE: the format from the extension, the count on stderr; with --raw FILE holds the body as received', async () => {
    const file = join(tempDir(), 'publications.ndjson');
    // At a terminal (a person is told; cron's log stays quiet), and never a table in a file.
    const run = await h.masg(['pub', 'list', '--out', file], { tty: true, env: { NO_COLOR: '1' } });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`Wrote 10,001 publications to ${file}.`);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(/^\{"id":"/);
    const printed = await h.masg(['pub', 'list', '--raw']);
    expect(printed.code).toBe(0);
    const raw = await h.masg(['pub', 'list', '--raw', '--out', file]);
    expect(raw).toMatchObject({ code: 0, stdout: '' });
    expect(readFileSync(file, 'utf8')).toBe(printed.stdout);
  }, 60_000);
});

describe('completion on a large account', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ scale: { publications: 10_000, slotsPerPublication: 5 }, demo: false });
    return () => h.close();
  });

  it('`slot update <Tab>` offers all 50,000 ad slots with their publication, and caches them', async () => {
    // The deadline is a speed target, measured by `npm run bench`; here only the answer counts.
    const env = { MASG_COMPLETION_DEADLINE_MS: '60000' };
    h.mark();
    const first = await h.masg(['__complete', 'slot', 'update', ''], { env });
    expect(first.code).toBe(0);
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(50_001);
    expect(lines[0]).toMatch(/^[0-9a-f-]{36}\tSlot 00001-1 \(Scale publication 00001\)$/);
    expect(
      h
        .sent()
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/adslot/list.xml', '/publication/list.xml']);
    const cache = JSON.parse(readFileSync(join(h.configDir, 'cache', 'ids-default.json'), 'utf8'));
    expect(cache.entries.adslots.items).toHaveLength(50_000);
    expect(cache.entries.publications.items).toHaveLength(10_000);
    h.mark();
    expect((await h.masg(['__complete', 'slot', 'update', ''], { env })).stdout).toBe(first.stdout);
    expect(h.sent()).toEqual([]);
  }, 60_000);
});
