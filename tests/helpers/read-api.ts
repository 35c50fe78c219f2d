// A test file's store for reading the public API (the catalogue and content tests): one test app,
// started before the file's tests and closed after them, a GET that reads the JSON answer, and
// rows read straight from its database.
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { queryRows } from "../../db/client";
import { createTestApp, type TestApp } from "./app";

export function readApi() {
  let started: TestApp | undefined;
  const running = (): TestApp => {
    if (!started) throw new Error("the test app starts in beforeAll; use it in a test");
    return started;
  };
  beforeAll(async () => {
    started = await createTestApp();
  });
  afterAll(async () => {
    await started?.close();
  });
  // the file's app, read at each use: it exists only once beforeAll has run
  const t: TestApp = {
    get app() {
      return running().app;
    },
    get core() {
      return running().core;
    },
    get database() {
      return running().database;
    },
    close: () => running().close(),
  };
  async function get(url: string) {
    const res = await t.app.inject({ method: "GET", url });
    return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.body };
  }
  const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
  return { t, get, rows };
}
