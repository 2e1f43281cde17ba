// `masg sql "SELECT …"`: query the warehouse without another client; the result goes through
// the usual output formats. Read-only unless --write.
import { defineTopCommand } from '../command-kit/define.js';
import { writeList } from '../command-kit/list-result.js';

export interface SqlOptions {
  db?: string;
  write?: boolean;
  out?: string;
}

export const sql = defineTopCommand<SqlOptions>({
  name: 'sql <query>',
  configure: (cmd) =>
    cmd
      .option('--db <target>', 'a DuckDB file or a postgres:// URL (default: $MASG_DB, else $XDG_DATA_HOME/masg/stats.duckdb)')
      .option('--out <file>', 'write to FILE atomically (format from its extension unless -o is given)')
      .option('--write', 'allow statements that change the database (default: read-only)'),
  examples: [
    `masg sql "SELECT country, sum(earnings) FROM publisher_stats GROUP BY country"`,
    `masg sql "COPY (SELECT * FROM publisher_stats) TO 'stats.parquet' (FORMAT parquet)"`,
    `masg sql "SELECT * FROM campaign_stats WHERE date >= DATE '2026-01-01'" -o csv --out spend.csv`,
  ],
  async run(ctx, opts, [query]) {
    const { runSql } = await import('../warehouse/sql.js');
    const result = await runSql(ctx, opts, query);
    try {
      return await writeList(ctx, result.batches, { entity: 'rows', columns: result.columns, out: opts.out, csv: result.csv });
    } finally {
      // Released whether the rows were read to the end, stopped early or never started.
      await result.close();
    }
  },
});
