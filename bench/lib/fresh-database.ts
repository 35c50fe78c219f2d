// A fresh, empty database for a bench that runs without a store: PGlite in a temporary folder, or
// with BENCH_DATABASE_URL a database of the given name on that server, dropped and made anew.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres, type DatabaseHandle } from "../../db/client";

export interface FreshDatabase {
  handle: DatabaseHandle;
  kind: "PGlite" | "PostgreSQL";
  cleanup: () => Promise<void>;
}

/** `name`: the temporary folder's prefix, and the database's name on PostgreSQL (letters and _ only). */
export async function openFreshDatabase(name: string): Promise<FreshDatabase> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name.replaceAll("_", "-")}-`));
    const handle = await openPglite(dir);
    return { handle, kind: "PGlite", cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { handle: await openPostgres(url.toString()), kind: "PostgreSQL", cleanup: async () => undefined };
}
