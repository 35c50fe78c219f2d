import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { seedDemoStore } from "../../core/demo";
import {
  admin,
  mediaDir,
  postgresUrl,
  templateDataDir,
  templateDumpPath,
  templateName,
  withDatabase,
} from "./template";

export default async function setup(project: TestProject) {
  const url = postgresUrl();
  if (url) {
    const template = templateName(url);
    await admin(url, `drop database if exists ${template} with (force)`, `create database ${template}`);
    const handle = await openPostgres(withDatabase(url, template));
    await migrateDatabase(handle);
    await seedDemoStore(handle.db, { mediaDir, images: false });
    await handle.close();
    project.provide("databaseTemplate", template);
    return async () => {
      await admin(url, `drop database if exists ${template} with (force)`);
    };
  }
  const handle = await openPglite(undefined);
  await migrateDatabase(handle);
  await seedDemoStore(handle.db, { mediaDir, images: false });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const client = (handle.db as any).$client as import("@electric-sql/pglite").PGlite;
  const dump = await client.dumpDataDir("none");
  await handle.close();
  fs.writeFileSync(templateDumpPath, Buffer.from(await dump.arrayBuffer()));
  // the folder the browser tests' stores copy: made from the dump once, closed cleanly
  fs.rmSync(templateDataDir, { recursive: true, force: true });
  await (await openPglite(templateDataDir, dump)).close();
  project.provide("databaseTemplate", templateDumpPath);
  project.provide("databaseTemplateDir", templateDataDir);
  return () => {
    fs.rmSync(templateDumpPath, { force: true });
    fs.rmSync(templateDataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** PostgreSQL: the template database's name; PGlite: the path of its dump */
    databaseTemplate: string;
    /** PGlite only: the template as a data folder, for a store process to start on a copy of */
    databaseTemplateDir: string;
  }
}
