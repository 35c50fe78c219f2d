// Applies the committed drizzle-kit migrations. Safe to run from several processes at once
// against one PostgreSQL: a session advisory lock lets one migrate while the others wait.
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { DatabaseHandle } from "./client";
import { migrationsFolder } from "./paths";

const MIGRATION_LOCK = 7_410_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(handle.db as any, { migrationsFolder });
    return;
  }
  // the lock is taken and released in one transaction-free session on the same pool client
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const pool = (handle.db as any).$client as import("pg").Pool;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePg(handle.db as any, { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
