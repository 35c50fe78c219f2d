// The store details tests: one store a file (with the pages and their cache when built) with two
// owners, a manager and a fulfilment member, the store settings read and saved as the console does,
// and the audit rows of a save.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { owner, startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { rows } from "./shop";
import { type TestStaff } from "./staff";

export { manager, owner, packer, secondOwner, t } from "./order-desk";
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
  // with the pages built, the storefront's pages are checked too, through the page cache as shipped
  startOrderDesk({ app: withPages({ cacheMs: 60_000 }), members: ["owner", "manager", "fulfilment"] });
}
