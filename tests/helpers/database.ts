// A fresh, migrated and seeded database for one test file.
import crypto from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import { openPglite, openPostgres, type DatabaseHandle } from "../../db/client";
import { admin, postgresUrl, withDatabase } from "./template";

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject("databaseTemplate");
  const url = postgresUrl();
  if (url) {
    const name = `t_${crypto.randomBytes(6).toString("hex")}`;
    await admin(url, `create database ${name} template ${template}`);
    const handle = await openPostgres(withDatabase(url, name), { max: 40 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await admin(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = new Blob([fs.readFileSync(template)]);
  return openPglite(undefined, dump);
}
