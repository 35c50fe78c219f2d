// The staff account API tests: one store a file with an owner, a staff API call, and the audit
// rows written about an account.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { rows } from "./shop";
import { makeOwner, type TestStaff } from "./staff";

export let t: TestApp;
export let owner: TestStaff;

export const call = (
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  who?: TestStaff,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

export async function auditOf(entityId: number | string, action?: string) {
  return rows<{ action: string; actor_id: number | null; changes: Record<string, unknown> | null; ip: string | null }>(
    t,
    action
      ? sql`select action, actor_id, changes, ip from audit_log where entity_id = ${String(entityId)} and action = ${action} order by id`
      : sql`select action, actor_id, changes, ip from audit_log where entity_id = ${String(entityId)} order by id`,
  );
}

export function startStaffDeskStore() {
  beforeAll(async () => {
    t = await createTestApp();
    owner = await makeOwner(t.app, t.core);
  });
  afterAll(async () => {
    await t?.close();
  });
}
