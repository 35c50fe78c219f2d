// The store details tests: one store a file (with the pages and their cache when built) with two
// owners, a manager and a fulfilment member, the store settings read and saved as the console does,
// and the audit rows of a save.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { createPageApp, hasPageBuild } from "./page-app";
import { rows } from "./shop";
import { makeOwner, makeStaff, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;
export let secondOwner: TestStaff;
export let manager: TestStaff;
export let packer: TestStaff;
export const pages = hasPageBuild();

export const call = (who: TestStaff, method: "GET" | "PUT", payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: "/api/admin/settings/store", headers: who.auth, ...(payload ? { payload } : {}) });

export async function current() {
  const res = await call(owner, "GET");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown> & { updated_at: string };
}

export async function save(changes: Record<string, unknown>, who = owner) {
  const { updated_at } = await current();
  return call(who, "PUT", { updated_at, ...changes });
}

export const audits = () =>
  rows<{ changes: Record<string, [unknown, unknown]>; actor_email: string }>(
    t,
    sql`select changes, actor_email from audit_log where action = 'settings.update' and entity_id = 'store' order by id`,
  );

export function startStoreSettingsStore() {
  beforeAll(async () => {
    // with the pages built, the storefront's pages are checked too, through the page cache as shipped
    t = pages ? await createPageApp({ cacheMs: 60_000 }) : await createTestApp();
    owner = await makeOwner(t.app, t.core);
    secondOwner = await makeOwner(t.app, t.core);
    manager = await makeStaff(t.app, t.core, owner, "manager");
    packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
}
