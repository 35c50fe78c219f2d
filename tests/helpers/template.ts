// The test databases: one template migrated and seeded once per run, then a cheap copy per
// test file. PGlite copies come from a dump of its data folder (in memory) or a copy of the folder
// (a browser test's store); PostgreSQL copies are CREATE DATABASE ... TEMPLATE. DATABASE_URL
// chooses PostgreSQL, as in production.
import os from "node:os";
import path from "node:path";
import pg from "pg";

// uncompressed: a test file opens it in a third less time than the gzipped dump (0.75 s, not 1.1)
export const templateDumpPath = path.join(os.tmpdir(), `store-test-template-${process.ppid}-${process.pid}.tar`);
// the same database as a data folder: a browser test's store starts on a copy of it (0.15 s)
// instead of a folder made from the dump (1 s more for each file)
export const templateDataDir = path.join(os.tmpdir(), `store-test-template-${process.ppid}-${process.pid}`);
export const mediaDir = path.join(os.tmpdir(), "store-test-media");

export function postgresUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function templateName(url: string): string {
  const base = new URL(url).pathname.replace(/^\//, "") || "test";
  return `${base}_template`.replace(/[^a-zA-Z0-9_]/g, "_");
}

/** Runs statements on the server's maintenance connection (the URL's own database). */
export async function admin(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
