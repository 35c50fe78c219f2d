// The audit log (decision 0053): every staff write and every console sign-in,
// with who, when, from which address, what, and the fields that changed. Written with the
// transaction's own handle, so the record and the change commit or roll back together; the
// table refuses UPDATE and DELETE, so nothing in the product can rewrite history.
import { and, eq, gte, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { requirePermission } from "./staff-errors";
import type { StaffActor } from "./permissions";
import { newestFirstPage } from "./paging";

/** Who did it: a staff member, or only an email and address (a failed sign-in). */
export interface AuditWho {
  userId: number | null;
  email: string | null;
  ip: string | null;
}

export interface AuditEntry {
  /** what happened, as noun.verb: staff.sign_in, staff.role_change, settings.update… */
  action: string;
  entityType?: string | null;
  entityId?: string | number | null;
  /** {"field": [before, after]} for a change, or the facts of the event */
  changes?: Record<string, unknown> | null;
}

export const whoIs = (actor: StaffActor): AuditWho => ({ userId: actor.userId, email: actor.email, ip: actor.ip });

/** Appends one record, in the caller's transaction. */
export async function recordAudit(tx: Db, who: AuditWho, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: who.userId,
    actorEmail: who.email,
    ip: who.ip,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    changes: entry.changes ?? null,
  });
}

/** {"field": [before, after]} for each of fields whose value differs; {} when nothing does. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const a = before[field];
    const b = after[field];
    const same = a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
    if (!same) changes[field] = [a ?? null, b ?? null];
  }
  return changes;
}

export interface AuditQuery {
  actorId?: number;
  entityType?: string;
  entityId?: string;
  action?: string;
  /** from this moment on */
  from?: Date;
  /** before this moment */
  to?: Date;
  limit: number;
  offset: number;
}

export interface AuditRecord {
  id: number;
  at: Date;
  actorId: number | null;
  actorEmail: string | null;
  actorName: string | null;
  ip: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  changes: Record<string, unknown> | null;
}

/** The log, newest first, filtered; needs the audit permission. */
export async function listAuditLog(
  ctx: CoreContext,
  actor: StaffActor,
  query: AuditQuery,
): Promise<{ items: AuditRecord[]; total: number }> {
  requirePermission(actor, "audit");
  const conditions: SQL[] = [];
  if (query.actorId !== undefined) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditLog.entityId, query.entityId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.from) conditions.push(gte(auditLog.at, query.from));
  if (query.to) conditions.push(lt(auditLog.at, query.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const listed = ctx.db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      // the email as it was at the time, which a rename leaves alone; the account's for an entry without one
      actorEmail: sql<string | null>`coalesce(${auditLog.actorEmail}, ${users.email})`,
      firstName: users.firstName,
      lastName: users.lastName,
      ip: auditLog.ip,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .$dynamic();
  const { items: rows, total } = await newestFirstPage(ctx.db, listed, where, [auditLog.at, auditLog.id], query);
  return {
    items: rows.map(({ firstName, lastName, ...row }) => ({
      ...row,
      actorName: firstName === null ? null : `${firstName} ${lastName ?? ""}`.trim(),
    })),
    total,
  };
}

/** What the audit screen's filters offer: the people and the kinds of thing found in the log. */
export interface AuditFilterChoices {
  people: { id: number; name: string; email: string }[];
  entityTypes: string[];
}

export async function auditFilterChoices(ctx: CoreContext, actor: StaffActor): Promise<AuditFilterChoices> {
  requirePermission(actor, "audit");
  const [people, entityTypes] = await Promise.all([
    // everyone who acted, by their account now (a former member keeps their place in the log)
    ctx.db
      .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(users.firstName, users.lastName, users.id),
    ctx.db
      .selectDistinct({ entityType: auditLog.entityType })
      .from(auditLog)
      .where(isNotNull(auditLog.entityType))
      .orderBy(auditLog.entityType),
  ]);
  return {
    people: people.map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim() || p.email, email: p.email })),
    entityTypes: entityTypes.map((e) => e.entityType!).filter(Boolean),
  };
}
