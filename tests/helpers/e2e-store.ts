// A built store for one browser-test file, started on a copy of the migrated and seeded test
// template (no seeding at start, so it is up in seconds): a copy of the PGlite template's data
// folder, or on PostgreSQL (DATABASE_URL) a database created from the template. A test
// can change the database before the store starts, e.g. to plant a hostile blog post.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openPglite, openPostgres, type Db } from "../../db/client";
import { startStore, type StoreProcess } from "./server-process";
import { admin, postgresUrl, withDatabase } from "./template";

export interface E2EStore {
  store: StoreProcess;
  stop(): Promise<void>;
}

export async function startE2EStore(
  name: string,
  options: { prepare?: (db: Db) => Promise<void>; env?: Record<string, string> } = {},
): Promise<E2EStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `store-${name}-`));
  const pgUrl = postgresUrl();
  const database = `e2e_${name.replace(/\W/g, "_")}_${crypto.randomBytes(4).toString("hex")}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: "0", SEED_IMAGES: "0", ...options.env };

  if (pgUrl) {
    await admin(pgUrl, `create database ${database} template ${inject("databaseTemplate")}`);
    env.DATABASE_URL = withDatabase(pgUrl, database);
    const handle = await openPostgres(env.DATABASE_URL);
    try {
      await options.prepare?.(handle.db);
    } finally {
      await handle.close();
    }
  } else {
    // the process must not inherit a DATABASE_URL from the environment either
    env.DATABASE_URL = "";
    fs.cpSync(path.join(inject("databaseTemplateDir"), "pgdata"), path.join(dataDir, "pgdata"), { recursive: true });
    if (options.prepare) {
      const handle = await openPglite(dataDir);
      try {
        await options.prepare(handle.db);
      } finally {
        await handle.close();
      }
    }
  }

  const store = await startStore(env);
  return {
    store,
    stop: async () => {
      await store.stop("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgUrl) await admin(pgUrl, `drop database if exists ${database} with (force)`);
    },
  };
}
