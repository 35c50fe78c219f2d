// Refusals the staff use-cases share.
import { AppError } from "./errors";
import { can, NO_PERMISSION, type Permission, type StaffActor } from "./permissions";

/** 403 unless the actor's role has the permission (decision 0053). */
export function requirePermission(actor: StaffActor, permission: Permission): void {
  if (!can(actor, permission)) throw new AppError(403, NO_PERMISSION, { permission });
}

export const CHANGED_BY_SOMEONE_ELSE =
  "This was changed by someone else while you were looking at it. Please reload and try again.";
