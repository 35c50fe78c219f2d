// How every staff API operation is described in the OpenAPI document (/api/docs): under the
// "admin" tag, with the staff bearer token, and the permission it needs (decision 0053).
import type { Permission } from "../../../core/shared/permissions";

export const STAFF_SECURITY = [{ staffBearer: [] }];

/** The schema fields every staff operation shares; `permission` null: any signed-in staff member. */
export function staffOperation(permission: Permission | null, summary: string) {
  return {
    tags: ["admin"],
    summary,
    description: permission
      ? `Needs the staff permission \`${permission}\` (roles: see GET /api/admin/me). 401 without a staff token, 403 with a shopper's token or without the permission.`
      : "Any signed-in staff member. 401 without a staff token, 403 with a shopper's token.",
    security: STAFF_SECURITY,
    "x-permission": permission ?? "staff member",
  };
}
