// The shopper account API tests: one store a file, a call as the browser makes it (from a fresh
// address unless given one), a sign-in, and rows read straight from the database.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { freshIp } from "./accounts";

export let t: TestApp;

export type Headers = Record<string, string>;

export async function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  options: { payload?: unknown; headers?: Headers; ip?: string } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    payload: options.payload as object | undefined,
    headers: options.headers,
    remoteAddress: options.ip ?? freshIp(),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers, raw: res.body };
}

export const login = (email: string, password: string, ip?: string) =>
  call("POST", "/api/users/login", { payload: { email, password }, ip });

export async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // execute() is typed loosely across the two drivers; both answer { rows }
  const result = (await t.database.db.execute(query)) as { rows: unknown[] };
  return result.rows as T[];
}

export function startUsersApiStore() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
}
