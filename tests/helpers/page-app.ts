// The whole app as main.ts builds it, pages included, on a fresh test database, without
// listening (or listening on a free port when a test needs real sockets). Pages need the React
// Router build (npm test builds first); hasPageBuild() says whether it is there.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import type { CoreContext } from "../../core/context";
import { ReadCache } from "../../core/shared/cache";
import { createDatabaseRateLimiter } from "../../core/shared/rate-limit";
import type { DatabaseHandle } from "../../db/client";
import { projectRoot } from "../../db/paths";
import { buildApp, type BuildAppOptions } from "../../server/app";
import { loadConfig } from "../../server/config";
import { checkAnswers } from "./answer-check";
import { testSecretsKey } from "./app";
import { createTestDatabase } from "./database";

const serverBuild = path.join(projectRoot, "build", "server", "index.js");

export function hasPageBuild(): boolean {
  return fs.existsSync(serverBuild);
}

export interface PageApp {
  app: FastifyInstance;
  core: CoreContext;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

export async function createPageApp(
  options: {
    env?: Record<string, string>;
    /** how long pages and reads are cached; 0 (the default) renders every time */
    cacheMs?: number;
    pages?: boolean;
    timeouts?: BuildAppOptions["timeouts"];
  } = {},
): Promise<PageApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-page-app-"));
  fs.mkdirSync(path.join(dataDir, "media"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...options.env });
  const core: CoreContext = {
    db: database.db,
    cache: new ReadCache(options.cacheMs ?? 0),
    limiter: createDatabaseRateLimiter(database.db),
    secrets: options.env?.SECRETS_KEY ? config.secrets : testSecretsKey(),
  };
  const pages =
    options.pages === false
      ? undefined
      : {
          build: (await import(pathToFileURL(serverBuild).href)) as ServerBuild,
          clientDir: path.join(projectRoot, "build", "client"),
        };
  const app = await buildApp({
    core,
    config,
    logger: false,
    pages,
    timeouts: options.timeouts,
    firstHooks: checkAnswers,
  });
  await app.ready();
  return {
    app,
    core,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
