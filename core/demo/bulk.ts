// Fast bulk insert for the seed: the rows travel as ONE jsonb parameter and PostgreSQL unpacks
// them with jsonb_to_recordset. Drizzle's own multi-row insert binds one parameter per cell,
// and building a statement with ~10,000 parameters takes longer than running it (PGlite).
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

// what a transaction or a database can both do here
interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function toJsonValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * INSERT INTO table SELECT ... FROM jsonb_to_recordset($1). Rows use the schema's property
 * names (as for drizzle's insert); columns no row mentions keep their defaults. Returns the
 * requested columns of the inserted rows (by database column name).
 */
export async function bulkInsert<
  TTable extends PgTable,
  TReturn extends Record<string, unknown> = Record<string, never>,
>(
  db: Executor,
  table: TTable,
  rows: readonly Partial<TTable["$inferInsert"]>[],
  returning: readonly string[] = [],
): Promise<TReturn[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!(key in columns)) throw new Error(`bulkInsert: ${key} is not a column of the table`);
    }
  }
  const payload = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const column = columns[key] as PgColumn;
      out[column.name] = toJsonValue((row as Record<string, unknown>)[key] ?? null);
    }
    return out;
  });
  const names = keys.map((key) => quoteIdent((columns[key] as PgColumn).name));
  const typed = keys.map((key) => {
    const column = columns[key] as PgColumn;
    return `${quoteIdent(column.name)} ${column.getSQLType()}`;
  });
  const tableName = getTableName(table);
  const returningSql = returning.length > 0 ? ` returning ${returning.map(quoteIdent).join(", ")}` : "";
  const query = sql.join([
    sql.raw(
      `insert into ${quoteIdent(tableName)} (${names.join(", ")}) select ${names.join(", ")} from jsonb_to_recordset(`,
    ),
    sql`${JSON.stringify(payload)}::jsonb`,
    sql.raw(`) as x(${typed.join(", ")})${returningSql}`),
  ]);
  const result = (await db.execute(query)) as { rows?: TReturn[] };
  return result.rows ?? [];
}
