// Autovacuum's work, done by the store on PGlite (decision 0082). PGlite runs PostgreSQL in
// single-user mode, where the autovacuum launcher never starts (its setting says "on"; a table
// given 10,000 rows and 3,000 updates still had no statistics and 3,000 dead rows a minute later).
// Without it:
// - the planner has no statistics for whatever filled after the last ANALYZE, nor for an index
//   on an expression until someone analyzes its table;
// - the dead rows of every stock change, cart and session are never made reusable, so tables and
//   indexes only grow;
// - the visibility map that index-only scans (the sitemap's, the paging ids') rely on is never
//   set for new pages, so those scans read the table as well.
// So a pass reads the counters autovacuum reads (pg_stat_user_tables) and, table by table, runs
// what autovacuum would with its default thresholds. On a PostgreSQL server autovacuum does this
// itself and the store does not schedule the pass (server/main.ts).
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client";

/** PostgreSQL's defaults (autovacuum_*_threshold and _scale_factor), as the pass applies them. */
export const UPKEEP_THRESHOLDS = {
  vacuum: { rows: 50, share: 0.2 },
  vacuumAfterInserts: { rows: 1_000, share: 0.2 },
  analyze: { rows: 50, share: 0.1 },
} as const;

export interface UpkeepReport {
  vacuumed: string[];
  analyzed: string[];
  ms: number;
}

interface TableCounters {
  table: string;
  tuples: number;
  dead: number;
  changed: number;
  inserted: number;
}

const over = (count: number, tuples: number, limit: { rows: number; share: number }) =>
  count > limit.rows + limit.share * tuples;

/**
 * One pass: each table past a threshold is vacuumed (and analyzed with it) or analyzed, one
 * statement per table, so PGlite answers the requests waiting between two tables. A table of a
 * million rows takes about a second (decision 0082), and reaches a threshold only after a fifth
 * of it has changed.
 */
export async function upkeepPass(db: Db): Promise<UpkeepReport> {
  const started = performance.now();
  // the counters reach the view when the session's pending statistics are flushed, at most once a
  // second and only when idle: ask for the flush, then read in the next statement
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = await queryRows<TableCounters>(
    db,
    sql`select s.relname as "table", greatest(c.reltuples, 0)::float8 as tuples,
               s.n_dead_tup::float8 as dead, s.n_mod_since_analyze::float8 as changed,
               s.n_ins_since_vacuum::float8 as inserted
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = 'public'
        order by s.relname`,
  );
  const report: UpkeepReport = { vacuumed: [], analyzed: [], ms: 0 };
  for (const t of tables) {
    const vacuum =
      over(t.dead, t.tuples, UPKEEP_THRESHOLDS.vacuum) ||
      over(t.inserted, t.tuples, UPKEEP_THRESHOLDS.vacuumAfterInserts);
    const analyze = over(t.changed, t.tuples, UPKEEP_THRESHOLDS.analyze);
    if (vacuum) {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(t.table)}`);
      report.vacuumed.push(t.table);
    } else if (analyze) {
      await db.execute(sql`analyze ${sql.identifier(t.table)}`);
      report.analyzed.push(t.table);
    }
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
