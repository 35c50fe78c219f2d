// The staff account API tests: one store a file with an owner, a staff API call, and the audit
// rows written about an account.
import { sql } from "drizzle-orm";
import { startOrderDesk, t } from "./order-desk";
import { rows } from "./shop";
import { type TestStaff } from "./staff";

export { owner, t } from "./order-desk";

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
  startOrderDesk();
}
