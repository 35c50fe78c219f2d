// Builds the app on a fresh test database, the way main.ts does, without listening.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { ReadCache } from "../../core/shared/cache";
import { createDatabaseRateLimiter } from "../../core/shared/rate-limit";
import type { CoreContext } from "../../core/context";
import type { SecretsKey } from "../../core/shared/secrets";
import type { DatabaseHandle } from "../../db/client";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { checkAnswers } from "./answer-check";
import { createTestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  core: CoreContext;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A key of the app's own for sealing credentials, as a store has one (SECRETS_KEY or its data
 * folder's); a test of a store without one sets `core.secrets = null`.
 */
export const testSecretsKey = (): SecretsKey => ({ key: crypto.randomBytes(32), source: "environment" });

/** firstHooks: hooks ahead of the answer check (its own test breaks an answer with one) */
export async function createTestApp(
  env: Record<string, string> = {},
  firstHooks?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), "store-test-data"), LOG_LEVEL: "silent", ...env });
  // the read cache as shipped (decision 0016), so the cached path, its headers and its clearing
  // run in every API test. A test that changes the database behind the app's back clears it, as
  // a write through core does.
  const core: CoreContext = {
    db: database.db,
    cache: new ReadCache(config.catalogCacheSeconds * 1000),
    limiter: createDatabaseRateLimiter(database.db),
    publicUrl: config.publicUrl,
    secrets: env.SECRETS_KEY ? config.secrets : testSecretsKey(),
  };
  const app = await buildApp({
    core,
    config,
    logger: false,
    firstHooks: (app) => {
      firstHooks?.(app);
      checkAnswers(app);
    },
  });
  await app.ready();
  return {
    app,
    core,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
