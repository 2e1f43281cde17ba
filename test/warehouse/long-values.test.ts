// Any value the service can send is loaded: a 3 MB publication name (with a quote, a comma and a
// line break in it) goes into DuckDB whole, past its CSV reader's 2 MB line limit, and a value
// the warehouse refuses is never echoed whole on stderr.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/core/errors.js';
import { STATS_TABLES } from '../../src/warehouse/schema.js';
import { csvLineWriter } from '../../src/warehouse/staging.js';
import { removeTempDirs, tempDir } from '../commands/harness.js';
import { duckPath, scalar, startWarehouseHarness } from './helpers.js';

afterAll(() => removeTempDirs());

describe('a 3 MB publication name', () => {
  it('is synced into DuckDB whole (exit 0), with the statistics beside it', async () => {
    const dataFile = join(tempDir('masg-wh-state-'), 'state.json');
    await (await startWarehouseHarness({ dataFile })).close();
    const state = JSON.parse(readFileSync(dataFile, 'utf8')) as { publications: Array<{ id: string; name: string; account: string }> };
    const name = `"Big", ${'é€x'.repeat(1024 * 1024)}\nthe end`;
    state.publications[0].name = name;
    writeFileSync(dataFile, JSON.stringify(state));

    const h = await startWarehouseHarness({ dataFile });
    try {
      const db = duckPath();
      const run = await h.masg(['sync', '--db', db, '--from', '-3d', '--to', '-2d', '--tz', 'America/New_York']);
      expect(run.stderr).toMatch(/^masg sync: 2 days/);
      expect(run.code).toBe(0);
      const id = state.publications[0].id;
      expect(await scalar(h, db, `SELECT length(name) FROM publications WHERE id = '${id}'`)).toBe(String(name.length));
      const md5 = createHash('md5').update(name, 'utf8').digest('hex');
      expect(await scalar(h, db, `SELECT md5(name) FROM publications WHERE id = '${id}'`)).toBe(md5);
      expect(await scalar(h, db, 'SELECT count(*) FROM publications')).toBe(
        String(state.publications.filter((p) => p.account === h.env.MASG_EMAIL).length),
      );
      expect(Number(await scalar(h, db, 'SELECT count(*) FROM publisher_stats'))).toBeGreaterThan(100);
    } finally {
      await h.close();
    }
  }, 60_000);
});

describe('a huge value the warehouse refuses', () => {
  it('is named by its beginning and its length, never printed whole', () => {
    const line = csvLineWriter(STATS_TABLES.day.publisher, { date: '2026-11-21' });
    let error: unknown;
    try {
      line(
        {
          publication: 'p',
          adslot: 'a',
          country: 'US',
          requests: '1',
          impressions: '1',
          earnings: '0',
          clicks: '9'.repeat(3_000_000) + 'x',
        },
        'record 1',
      );
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message.length).toBeLessThan(400);
    expect((error as Error).message).toContain('(3000001 characters) as clicks');
  });
});
