// One database handle per process: embedded PGlite in DATA_DIR by default, or a PostgreSQL
// server when DATABASE_URL is set (design.md). Both speak PostgreSQL, so the schema,
// migrations and queries are the same.
import fs from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw SQL query; both drivers answer { rows }, which the shared type cannot say. */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

// PostgreSQL returns bigint (int8) and numeric as strings; every bigint here holds paisa
// or a count well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

// Product search matches a name despite a typo when a word is this similar (pg_trgm's default
// of 0.6 misses two swapped letters in "Embroidered"); <% uses the trigram index with it.
export const WORD_SIMILARITY_THRESHOLD = 0.45;

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
  });
  // an idle client's error (server restart) must not crash the process
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: "postgres", close: () => pool.end() };
}

// PostgreSQL's default of 128 MB of shared buffers lives inside PGlite's WebAssembly memory, which
// never shrinks: reading the demo store once made the process ~100 MB larger than with 16 MB
// (decision 0078). Pages past the buffers are read through the operating system's file
// cache, which is shared and can be given back; 32 MB holds a shop's hot rows.
const PGLITE_SHARED_BUFFERS = "32MB";

/** PGlite from a folder, or in memory when dataDir is undefined (tests load a dump). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, "pgdata");
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
  }
  // loaded here, not at the top: a store on a PostgreSQL server never loads PGlite
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("drizzle-orm/pglite"),
  ]);
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm },
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

// PGlite is one process's database: a second process opening the same folder would corrupt it.
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "pglite.pid");
  try {
    const pid = Number(fs.readFileSync(lockFile, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The database in ${dataDir} is in use by process ${pid}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
