// Bulk plan/apply against the sandbox over HTTP: the plan printed by --dry-run, what is sent
// (and not sent), the results file, exit codes, and several IDs for pub update.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls, demo, expectOk, parseCsv, startHarness, type Harness } from './harness.js';
import { canMount, fill, readOnlyDir, removeMounts, tmpfs } from '../helpers/fs-faults.js';

let h: Harness;
let ids: Awaited<ReturnType<typeof demo>>;
let dir: string;
beforeAll(async () => {
  h = await startHarness();
  ids = await demo(h);
  dir = mkdtempSync(join(tmpdir(), 'masg-bulk-'));
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => h.mark());

/** `list -o csv` as a user would save it, with edits applied line by line. */
async function exported(argv: string[], file: string, edit: (line: string) => string = (l) => l): Promise<string> {
  const csv = expectOk(await h.masg([...argv, '-o', 'csv'])).stdout;
  const path = join(dir, file);
  writeFileSync(path, csv.split('\n').map(edit).join('\n'));
  return path;
}
const results = async (path: string) => {
  const [header, ...rows] = await parseCsv(readFileSync(path, 'utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((k, i) => [k, r[i]!])));
};
const slot = (name: string) => ids.slots[name]!;

describe('slot update --from', () => {
  it('--dry-run prints only the changed fields; apply sends them; a second apply sends nothing', async () => {
    const file = await exported(['slot', 'list'], 'slots.csv', (l) =>
      l
        .replace('Article text,text,', 'Article text 2,"text, banner",news')
        .replace(',Forecast list,banner,forecast', ',Forecast list,banner,"forecast,weather"'),
    );
    h.mark();
    const plan = expectOk(await h.masg(['slot', 'update', '--from', file, '--dry-run']));
    // The plan, then the request of each update, as the SDK describes them with { dryRun: true }.
    const [planText, ...requests] = plan.stdout.split(/\n\n(?=POST )/);
    expect(planText).toBe(
      [
        `~ line 2: ad slot ${slot('Article text').id} (Article text)`,
        '    name: Article text → Article text 2',
        '    formats: text → text,banner',
        '    tags: (empty) → news',
        `~ line 3: ad slot ${slot('Forecast list').id} (Forecast list)`,
        '    tags: forecast → forecast,weather',
        'Plan: 2 to update, 9 unchanged.',
      ].join('\n'),
    );
    expect(plan.stdout.match(/^POST .*$/gm)).toEqual([
      `POST ${h.sandbox.url}/adslot/${slot('Article text').id}.xml`,
      `POST ${h.sandbox.url}/adslot/${slot('Forecast list').id}.xml`,
    ]);
    expect(requests.join('')).toContain('name=Article+text+2');
    // The plan read the state (one list call) and changed nothing.
    expect(calls(h.sent())).toEqual([['GET', '/adslot/list.xml', {}]]);

    h.mark();
    const apply = await h.masg(['slot', 'update', '--from', file]);
    expect(apply.code).toBe(0);
    expect(apply.stdout).toBe('');
    expect(apply.stderr).toContain('Updated 2 ad slots; 9 unchanged.');
    expect(calls(h.sent()).sort()).toEqual(
      [
        ['GET', '/adslot/list.xml', {}],
        ['POST', `/adslot/${slot('Article text').id}.xml`, { name: 'Article text 2', formats: 'text,banner', tags: 'news' }],
        // Production requires the name on every update: the unchanged one is sent.
        ['POST', `/adslot/${slot('Forecast list').id}.xml`, { name: 'Forecast list', tags: 'forecast,weather' }],
      ].sort(),
    );
    const rows = await results(join(dir, 'slots.results.csv'));
    expect(rows).toHaveLength(11);
    expect(rows.slice(0, 3)).toEqual([
      { line: '2', id: slot('Article text').id, result: 'updated', changed: 'name,formats,tags' },
      { line: '3', id: slot('Forecast list').id, result: 'updated', changed: 'tags' },
      { line: '4', id: slot('Game over').id, result: 'unchanged', changed: '' },
    ]);

    h.mark();
    const again = await h.masg(['slot', 'update', '--from', file, '--results', '-']);
    expect(again.code).toBe(0);
    expect(calls(h.sent())).toEqual([['GET', '/adslot/list.xml', {}]]);
    expect((await parseCsv(again.stdout)).slice(1).every((r) => r[2] === 'unchanged')).toBe(true);
    expect(expectOk(await h.masg(['slot', 'update', '--from', file, '--dry-run'])).stdout).toBe('Plan: 0 to update, 11 unchanged.\n');
  });

  it('bad rows: every problem with its line, exit 2, nothing sent at all', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(
      file,
      'id,name,formats,tags\r\n' +
        `${slot('Toolbar').id},,text,tools\r\n` +
        `${slot('Main menu').id},Main menu,"banner,popup",games\r\n` +
        `${slot('Top banner').id},"A\r\nB",banner,news\r\n` +
        `${slot('Level complete').id},Level complete,iab300x250,"games,"\r\n`,
    );
    const run = await h.masg(['slot', 'update', '--from', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}: 3 invalid values; nothing was sent.`);
    expect(run.stderr).toContain('name (line 2): must not be empty');
    expect(run.stderr).toContain('formats (line 3): "popup" is not one of banner, text, iab300x250');
    expect(run.stderr).toContain('tags (line 6): item 2 of "games," is empty');
    expect(calls(h.sent())).toEqual([]);
  });

  it.each([
    ['id,name,colour\n', 'unknown column "colour" (line 1)'],
    ['name,tags\nx,y\n', 'no "id" column'],
    ['id,name\nX,a\nY,b\nX,c\n', 'id (line 4): the same ad slot as line 2'],
  ])('a malformed file is refused before anything is sent: %j', async (csv, message) => {
    const file = join(dir, 'malformed.csv');
    writeFileSync(file, csv);
    const run = await h.masg(['slot', 'update', '--from', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(h.sent()).toEqual([]);
  });

  it('an ID of another account: refused before sending without --continue-on-error; with it, exit 8 and the results say which', async () => {
    const file = join(dir, 'mixed.csv');
    const foreign = (
      await h.masg(['slot', 'list', '-o', 'json'], { env: { MASG_EMAIL: h.sandbox.other.email, MASG_DEVELOPER_KEY: h.sandbox.other.key } })
    ).stdout;
    const otherId = JSON.parse(foreign)[0].id as string;
    writeFileSync(file, `id,name\n${slot('Toolbar').id},Toolbar 2\n${otherId},Mine now\n${slot('Main menu').id},Main menu 2\n`);
    h.mark();
    const refused = await h.masg(['slot', 'update', '--from', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('id (line 3): no ad slot with this ID in the account');
    expect(calls(h.sent())).toEqual([['GET', '/adslot/list.xml', {}]]);

    h.mark();
    const out = join(dir, 'mixed-out.csv');
    const run = await h.masg(['slot', 'update', '--from', file, '--continue-on-error', '--results', out]);
    expect(run.code).toBe(8);
    expect(run.stderr).toContain('1 of 3 items failed');
    expect(calls(h.sent()).filter(([m]) => m === 'POST')).toHaveLength(2);
    expect((await results(out)).map((r) => r.result)).toEqual(['updated', 'failed: no ad slot with this ID in the account', 'updated']);
  });

  it('a failure while applying: stops and skips the rest (exit of that error), or goes on with --continue-on-error (exit 8)', async () => {
    const [a, b, c] = ['Header banner', 'Sidebar MPU', 'Recipe footer'].map(slot);
    const file = join(dir, 'fail.csv');
    writeFileSync(file, `id,tags\n${a!.id},t1\n${b!.id},t2\n${c!.id},t3\n`);
    // The sandbox crashes on the second ad slot (production's masg-error 500 after handling).
    h.sandbox.setFaults({ path: `/adslot/${b!.id}`, next: ['500'] });
    const stop = await h.masg(['slot', 'update', '--from', file, '--concurrency', '1']);
    expect(stop.code).toBe(6);
    expect(stop.stderr).toContain(`line 3 (${b!.id}):`);
    const stopped = await results(join(dir, 'fail.results.csv'));
    expect(stopped.map((r) => r.result.replace(/:.*/, ':'))).toEqual(['updated', 'failed:', 'skipped']);

    h.sandbox.setFaults({ path: `/adslot/${b!.id}`, next: ['500'] });
    writeFileSync(file, `id,tags\n${a!.id},u1\n${b!.id},u2\n${c!.id},u3\n`);
    const go = await h.masg(['slot', 'update', '--from', file, '--concurrency', '1', '--continue-on-error']);
    h.sandbox.setFaults(undefined);
    expect(go.code).toBe(8);
    expect((await results(join(dir, 'fail.results.csv'))).map((r) => r.result.replace(/:.*/, ':'))).toEqual([
      'updated',
      'failed:',
      'updated',
    ]);
  });

  it('--from - reads stdin; the results then go to stdout', async () => {
    const csv = `id,tags\n${slot('Toolbar').id},"tools,utility"\n`;
    const dry = expectOk(await h.masg(['slot', 'update', '--from', '-', '--dry-run'], { stdin: csv }));
    expect(dry.stdout).toBe('Plan: 0 to update, 1 unchanged.\n');
    const run = await h.masg(['slot', 'update', '--from', '-'], { stdin: csv });
    expect(run.stdout).toBe(`line,id,result,changed\n2,${slot('Toolbar').id},unchanged,\n`);
  });

  it('Ctrl-C while applying: nothing new starts, the results file still accounts for every row, exit 130', async () => {
    const names = ['Header banner', 'Sidebar MPU', 'Recipe footer', 'Launch screen', 'Level complete', 'Main menu'];
    const file = join(dir, 'interrupt.csv');
    writeFileSync(file, `id,tags\n${names.map((n, i) => `${slot(n).id},int${i}`).join('\n')}\n`);
    h.sandbox.setFaults({ path: /^\/adslot\/[^l]/, latencyMs: 150 });
    const controller = new AbortController();
    // Ctrl-C once the first update is on its way (not after a fixed time: on a loaded machine
    // the list call before it can take longer than any guess).
    const poll = setInterval(() => {
      if (h.sent().some((r) => r.method === 'POST')) controller.abort();
    }, 2);
    const run = await h
      .masg(['slot', 'update', '--from', file, '--concurrency', '2'], { signal: controller.signal })
      .finally(() => clearInterval(poll));
    h.sandbox.setFaults(undefined);
    expect(run.code).toBe(130);
    const rows = await results(join(dir, 'interrupt.results.csv'));
    expect(rows).toHaveLength(names.length);
    expect(rows.slice(2).every((r) => r.result === 'skipped')).toBe(true);
  });

  it('a results folder that does not exist is refused before any change is sent', async () => {
    const file = join(dir, 'res.csv');
    writeFileSync(file, `id,tags\n${slot('Toolbar').id},changed\n`);
    const run = await h.masg(['slot', 'update', '--from', file, '--results', join(dir, 'no/such/dir/r.csv')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--results');
    expect(calls(h.sent())).toEqual([['GET', '/adslot/list.xml', {}]]);
  });

  it('a results path that is a folder is refused before any change is sent', async () => {
    const file = join(dir, 'res-folder.csv');
    writeFileSync(file, `id,tags\n${slot('Toolbar').id},changed\n`);
    const run = await h.masg(['slot', 'update', '--from', file, '--results', dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--results: ${dir} is a folder`);
    expect(calls(h.sent())).toEqual([['GET', '/adslot/list.xml', {}]]);
  });

  it('a results path that is the input file itself is refused, and the input is left as it was', async () => {
    const file = join(dir, 'same.csv');
    const content = `id,tags\n${slot('Toolbar').id},changed\n`;
    writeFileSync(file, content);
    const run = await h.masg(['slot', 'update', '--from', file, '--results', join(dir, '.', 'same.csv')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is the input file itself');
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(calls(h.sent()).filter(([method]) => method === 'POST')).toEqual([]);
  });

  it('--from with an ID or a field flag beside it is a usage error', async () => {
    const file = await exported(['slot', 'list'], 'plain.csv');
    h.mark();
    expect((await h.masg(['slot', 'update', slot('Toolbar').id!, '--from', file])).code).toBe(2);
    expect((await h.masg(['slot', 'update', '--from', file, '--tags', 'x'])).stderr).toContain('drop --tags');
    expect((await h.masg(['slot', 'update'])).stderr).toContain('--from FILE');
    expect(h.sent()).toEqual([]);
  });
});

describe('pub update --from', () => {
  it('statuses follow pub update: STOPPED needs --yes without a terminal; an ignored move fails its row', async () => {
    const zebra = ids.pubs['Zebra Tools']!;
    const tablet = ids.pubs['Tablet Recipes']!;
    const file = await exported(['pub', 'list'], 'pubs.csv', (l) =>
      l.startsWith(zebra.id!) ? l.replace(',ACTIVE,', ',stopped,') : l.startsWith(tablet.id!) ? l.replace(',PENDING,', ',ACTIVE,') : l,
    );
    const plan = expectOk(await h.masg(['pub', 'update', '--from', file, '--dry-run']));
    const planText = [
      `~ line 6: publication ${tablet.id} (Tablet Recipes)`,
      '    status: PENDING → ACTIVE',
      `~ line 8: publication ${zebra.id} (Zebra Tools)`,
      '    status: ACTIVE → STOPPED',
      'Plan: 2 to update, 5 unchanged.',
      '',
      `POST ${h.sandbox.url}/publication/${tablet.id}.xml`,
    ].join('\n');
    expect(plan.stdout.slice(0, planText.length)).toBe(planText);
    expect(plan.stdout).toContain(`POST ${h.sandbox.url}/publication/${zebra.id}.xml`);
    h.mark();
    const refused = await h.masg(['pub', 'update', '--from', file]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('--yes');
    expect(calls(h.sent())).toEqual([['GET', '/publication/list.xml', {}]]);

    const run = await h.masg(['pub', 'update', '--from', file, '--yes', '--continue-on-error']);
    expect(run.code).toBe(8);
    const rows = await results(join(dir, 'pubs.results.csv'));
    expect(rows.filter((r) => r.result !== 'unchanged')).toEqual([
      { line: '6', id: tablet.id, result: 'failed: the service kept it PENDING: the change to ACTIVE was not allowed', changed: 'status' },
      { line: '8', id: zebra.id, result: 'updated', changed: 'status' },
    ]);
  });
});

describe('slot create --from', () => {
  it('validates every row first (exit 2 with lines, nothing sent), then creates and reports the new IDs', async () => {
    const pub = ids.pubs['Java Games Portal']!.id!;
    const file = join(dir, 'new.csv');
    writeFileSync(file, `publication,name,formats,tags\n${pub},,banner,\n${pub},Two,popup,\n`);
    const bad = await h.masg(['slot', 'create', '--from', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('name (line 2): must not be empty');
    expect(bad.stderr).toContain('formats (line 3): "popup" is not one of');
    expect(h.sent()).toEqual([]);

    writeFileSync(file, `publication,name,formats,tags\n${pub},Bulk one,"text, banner",a\n${pub},Bulk two,iab300x250,\n`);
    const dry = expectOk(await h.masg(['slot', 'create', '--from', file, '--dry-run'])).stdout;
    const createText =
      `+ line 2: ad slot Bulk one in publication ${pub} (formats text,banner, tags a)\n` +
      `+ line 3: ad slot Bulk two in publication ${pub} (formats iab300x250)\n` +
      'Plan: 2 to create.\n\nPOST ';
    expect(dry.slice(0, createText.length)).toBe(createText);
    expect(dry.match(/^POST .*$/gm)).toEqual([`POST ${h.sandbox.url}/adslot/create.xml`, `POST ${h.sandbox.url}/adslot/create.xml`]);
    expect(dry).toContain('name=Bulk+two&formats=iab300x250');
    expect(h.sent()).toEqual([]);
    const run = await h.masg(['slot', 'create', '--from', file, '--results', '-']);
    expect(run.code).toBe(0);
    const [header, ...rows] = await parseCsv(run.stdout);
    expect(header).toEqual(['line', 'id', 'publication', 'name', 'result']);
    expect(rows.map((r) => [r[0], r[3], r[4]])).toEqual([
      ['2', 'Bulk one', 'created'],
      ['3', 'Bulk two', 'created'],
    ]);
    const listed = JSON.parse(expectOk(await h.masg(['slot', 'list', '--publication', pub, '-o', 'json'])).stdout) as Array<{
      id: string;
      name: string;
    }>;
    expect(
      listed
        .filter((s) => s.name.startsWith('Bulk'))
        .map((s) => s.id)
        .sort(),
    ).toEqual(rows.map((r) => r[1]).sort());
  });

  it('an id column is refused: new ad slots get their IDs from the service', async () => {
    const file = await exported(['slot', 'list'], 'with-id.csv');
    const run = await h.masg(['slot', 'create', '--from', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"id" column');
  });
});

describe('pub update with several IDs', () => {
  it('one row per ID, the same change to each, bounded concurrency', async () => {
    const targets = ['Café Olé Mobile', 'Weather 😀 Now', 'Java Games Portal'].map((n) => ids.pubs[n]!.id!);
    h.mark();
    const run = expectOk(await h.masg(['pub', 'update', ...targets, '--reference', 'bulk-ref', '-o', 'csv']));
    const [header, ...rows] = await parseCsv(run.stdout);
    expect(header).toEqual(['id', 'name', 'status', 'result']);
    expect(rows.map((r) => [r[0], r[3]])).toEqual(targets.map((id) => [id, 'updated']));
    expect(calls(h.sent()).sort()).toEqual(targets.map((id) => ['POST', `/publication/${id}.xml`, { reference: 'bulk-ref' }]).sort());
  });

  it('an ignored status move: exit 5 stopping at it, or exit 8 with --continue-on-error', async () => {
    const pending = ids.pubs['Tablet Recipes']!.id!;
    const paused = ids.pubs['Puzzle "Quest", Deluxe']!.id!;
    const run = await h.masg(['pub', 'update', pending, paused, '--status', 'PAUSED', '--concurrency', '1', '-o', 'csv']);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(`publication ${pending}: the service kept it PENDING`);
    // The kept publication is still shown as the service answered; the skipped one was not sent.
    expect((await parseCsv(run.stdout)).slice(1)).toEqual([
      [pending, 'Tablet Recipes', 'PENDING', 'failed: the service kept it PENDING: the change to PAUSED was not allowed'],
      [paused, '', '', 'skipped'],
    ]);

    const go = await h.masg(['pub', 'update', pending, paused, '--status', 'PAUSED', '--continue-on-error', '-o', 'json']);
    expect(go.code).toBe(8);
    expect(JSON.parse(go.stdout).map((r: { result: string }) => r.result)).toEqual([
      'failed: the service kept it PENDING: the change to PAUSED was not allowed',
      'updated',
    ]);
  });

  it('validation happens once, before anything is sent; --dry-run describes every request', async () => {
    const [a, b] = ['Zebra Tools', 'Java Games Portal'].map((n) => ids.pubs[n]!.id!);
    expect((await h.masg(['pub', 'update', a!, b!, '--languages', 'english'])).code).toBe(2);
    expect((await h.masg(['pub', 'update', a!, a!, '--name', 'x'])).stderr).toContain('given twice');
    expect(h.sent()).toEqual([]);
    const dry = expectOk(await h.masg(['pub', 'update', a!, b!, '--name', 'x', '--dry-run']));
    expect(dry.stdout).toContain(`POST ${h.sandbox.url}/publication/${a}.xml`);
    expect(dry.stdout).toContain(`POST ${h.sandbox.url}/publication/${b}.xml`);
    expect(h.sent()).toEqual([]);
  });
});

describe('the results file on a read-only or full disk (tmpfs mounts)', () => {
  afterAll(removeMounts);
  const pub = () => ids.pubs['Java Games Portal']!.id!;
  const createFile = (name: string, n: number) => {
    const file = join(dir, `${name}.csv`);
    writeFileSync(
      file,
      `publication,name,formats\n${Array.from({ length: n }, (_, i) => `${pub()},${name} ${i + 1},banner`).join('\n')}\n`,
    );
    return file;
  };
  const posts = () => h.sent().filter((r) => r.method === 'POST');

  it.skipIf(!canMount)('read-only: refused before sending (exit 2), naming the file and EROFS, for create and update', async () => {
    const ro = readOnlyDir();
    const target = join(ro.dir, 'r.csv');
    const create = await h.masg(['slot', 'create', '--from', createFile('ro-create', 3), '--results', target]);
    expect(create.code).toBe(2);
    expect(create.stderr).toContain(`--results: cannot write ${target}: the file system is read-only (EROFS); nothing was sent.`);
    const file = join(dir, 'ro-update.csv');
    writeFileSync(file, `id,tags\n${slot('Toolbar').id},changed-ro\n`);
    const update = await h.masg(['slot', 'update', '--from', file, '--results', target]);
    expect(update.code).toBe(2);
    expect(update.stderr).toContain('(EROFS); nothing was sent.');
    expect(posts()).toEqual([]);
  });

  it.skipIf(!canMount)('a full disk: refused before sending (exit 2), naming ENOSPC; no temporary file left', async () => {
    const disk = tmpfs(16);
    fill(join(disk.dir, 'other'));
    const target = join(disk.dir, 'r.csv');
    const run = await h.masg(['slot', 'create', '--from', createFile('full-create', 3), '--results', target]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--results: cannot write ${target}: no space left on the device (ENOSPC); nothing was sent.`);
    expect(posts()).toEqual([]);
    expect(readdirSync(disk.dir)).toEqual(['other']);
  });

  /** Runs `slot create --from` and fills the results disk once the first create has been sent. */
  async function fillDuringRun(disk: string, argv: string[], env: Record<string, string>) {
    h.sandbox.setFaults({ latencyMs: 150, path: '/adslot/create' });
    const pending = h.masg(argv, { env });
    while (posts().length === 0) await new Promise((r) => setTimeout(r, 5));
    fill(join(disk, 'other'));
    try {
      return await pending;
    } finally {
      h.sandbox.setFaults(undefined);
    }
  }

  const createdNow = async (prefix: string) => {
    const listed = JSON.parse(expectOk(await h.masg(['slot', 'list', '--publication', pub(), '-o', 'json'])).stdout) as Array<{
      id: string;
      name: string;
    }>;
    return listed
      .filter((s) => s.name.startsWith(prefix))
      .map((s) => s.id)
      .sort();
  };

  it.skipIf(!canMount)('the disk fills up during the run: exit 7, the results in a fallback file, every new ID on stderr', async () => {
    const disk = tmpfs(16);
    const fallback = mkdtempSync(join(tmpdir(), 'masg-fallback-'));
    const target = join(disk.dir, 'r.csv');
    const run = await fillDuringRun(
      disk.dir,
      ['slot', 'create', '--from', createFile('late-full', 4), '--results', target, '--concurrency', '1'],
      { TMPDIR: fallback },
    );
    expect(run.code).toBe(7);
    const ids = await createdNow('late-full ');
    expect(ids).toHaveLength(4);
    expect(run.stderr).toContain(
      `masg: Created 4 ad slots. But the results could not be written to ${target}: no space left on the device (ENOSPC).`,
    );
    const saved = /The results are in (\S+) instead\./.exec(run.stderr)?.[1];
    expect(saved).toBeDefined();
    expect(dirname(saved!)).toBe(fallback);
    const rows = await results(saved!);
    expect(rows.map((r) => r.id).sort()).toEqual(ids);
    expect(rows.every((r) => r.result === 'created')).toBe(true);
    for (const id of ids) expect(run.stderr).toContain(id);
    expect(run.stderr).toContain('Running the same file again would create these ad slots a second time.');
    expect(readdirSync(disk.dir)).toEqual(['other']);
    rmSync(fallback, { recursive: true, force: true });
  });

  it.skipIf(!canMount)('no fallback folder takes them either: the whole results CSV goes to stderr', async () => {
    const disk = tmpfs(16);
    const ro = readOnlyDir();
    const target = join(disk.dir, 'r.csv');
    const run = await fillDuringRun(
      disk.dir,
      ['slot', 'create', '--from', createFile('nowhere', 3), '--results', target, '--concurrency', '1'],
      {
        TMPDIR: disk.dir,
        MASG_CONFIG_DIR: ro.dir,
      },
    );
    expect(run.code).toBe(7);
    const ids = await createdNow('nowhere ');
    expect(ids).toHaveLength(3);
    const csv = run.stderr.slice(run.stderr.indexOf('line,id,publication,name,result\n'));
    const rows = (await parseCsv(csv.slice(0, csv.indexOf('\nmasg: ') + 1))).slice(1);
    expect(rows.map((r) => r[1]).sort()).toEqual(ids);
    expect(run.stderr).toContain('The results are printed above (stderr): keep them.');
  });
});
