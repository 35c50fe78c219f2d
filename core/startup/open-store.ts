// What a process of the store does with its database when it starts: opens it (embedded PGlite, or
// the PostgreSQL server at DATABASE_URL), applies the committed migrations, and fills an empty one
// with the demo store (first start only). PGlite has no autovacuum, so its process also runs the
// upkeep pass on a timer (decision 0082). The server reaches the database only through here and
// the use-cases (decision 0098).
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { isDatabaseEmpty, seedDemoStore } from "../demo";

export { projectRoot } from "../../db/paths";
export { upkeepPass, type UpkeepReport } from "../../db/upkeep";
export type { DatabaseHandle };

export interface DemoStoreOptions {
  /** fill an empty database with the demo store */
  seed: boolean;
  /** where the demo's images are written */
  mediaDir: string;
  /** false: no images are generated (tests that do not look at them) */
  images: boolean;
  log: (message: string) => void;
}

/** Opens and migrates the store's database; an empty one gets the demo store when asked. */
export async function openStoreDatabase(
  config: { databaseUrl?: string; dataDir: string },
  demo: DemoStoreOptions,
): Promise<DatabaseHandle> {
  const database = await openDatabase(config);
  await migrateDatabase(database);
  if (demo.seed && (await isDatabaseEmpty(database.db))) {
    demo.log("Empty database: adding the demo store (first start only)...");
    await seedDemoStore(database.db, { mediaDir: demo.mediaDir, images: demo.images });
  }
  return database;
}
