// The shop's block list (decision 0073): phones and delivery addresses whose
// orders are held for a call. Staff with the orders permission list, add and remove entries, each
// with its reason, who and when; every add and removal is audited in its own transaction. A phone
// is stored as the checkout stores it (923XXXXXXXXX) and compared in each of its forms; an address
// in the normal form orders carry as address_key (risk-rules.ts), with its city.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { blockedContacts, orders, users, type BlockedKind } from "../../db/schema";
import { AppError, notFound } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { newestFirstPage } from "../shared/paging";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { normalizePakistaniMobile, PAKISTAN_PHONE_MESSAGE } from "../shared/phone";
import { samePhoneForms } from "../shared/customer-keys";
import { ORDER_NOT_FOUND_FOR_STAFF } from "./workflow";
import { addressKey, BLOCK_LIMITS } from "./risk-rules";

export { BLOCK_LIMITS };

export const ALREADY_BLOCKED = {
  phone: "This phone number is already on the block list.",
  address: "This address is already on the block list.",
} as const;

export interface BlockedEntry {
  id: number;
  kind: BlockedKind;
  /** 923XXXXXXXXX, or the address's normal form */
  value: string;
  /** as staff typed it (an address with its city) */
  display: string;
  reason: string;
  createdBy: { id: number; name: string } | null;
  createdAt: Date;
}

/** What staff ask to block: a phone, or an address with its city. */
export type BlockInput =
  | { kind: "phone"; phone: unknown; reason?: unknown }
  | { kind: "address"; address: unknown; city: unknown; reason?: unknown };

const fail = (field: string, message: string) => new AppError(422, message, { field });

function text(field: string, value: unknown, max: number, required: boolean): string {
  if (value === undefined || value === null) value = "";
  if (typeof value !== "string") throw fail(field, `${field} must be text`);
  // length first: a long value is refused before any pattern reads it
  if (value.length > max) throw fail(field, `${field} must be at most ${max} characters`);
  const trimmed = value.trim();
  if (required && !trimmed) throw fail(field, `${field} is required`);
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(trimmed)) throw fail(field, `${field} must be plain text`);
  return trimmed;
}

/** The row to store for an input, or a 422 naming the field. */
export function blockedValue(input: BlockInput): { kind: BlockedKind; value: string; display: string; reason: string } {
  const kind = (input as { kind?: unknown }).kind;
  if (kind !== "phone" && kind !== "address") throw fail("kind", "kind must be phone or address");
  const reason = text("reason", input.reason, BLOCK_LIMITS.reason, false).replace(/\s+/g, " ");
  if (input.kind === "phone") {
    const typed = text("phone", input.phone, BLOCK_LIMITS.phone, true);
    const normalized = normalizePakistaniMobile(typed);
    if (!normalized) throw fail("phone", PAKISTAN_PHONE_MESSAGE);
    return { kind, value: normalized, display: typed, reason };
  }
  const address = text("address", input.address, BLOCK_LIMITS.address, true);
  const city = text("city", input.city, BLOCK_LIMITS.city, true);
  const key = addressKey(address, city);
  const [street, town] = key.split("|");
  if (!street) throw fail("address", "address must have letters or digits");
  if (!town) throw fail("city", "city must have letters or digits");
  return { kind, value: key, display: `${address.replace(/\s+/g, " ")}, ${city}`, reason };
}

export async function listBlocked(
  ctx: CoreContext,
  actor: StaffActor,
  query: { kind?: BlockedKind; limit: number; offset: number },
): Promise<{ items: BlockedEntry[]; total: number }> {
  requirePermission(actor, "orders");
  const where = query.kind ? eq(blockedContacts.kind, query.kind) : undefined;
  const rows = ctx.db
    .select({
      id: blockedContacts.id,
      kind: blockedContacts.kind,
      value: blockedContacts.value,
      display: blockedContacts.display,
      reason: blockedContacts.reason,
      createdAt: blockedContacts.createdAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(blockedContacts)
    .leftJoin(users, eq(users.id, blockedContacts.createdBy))
    .$dynamic();
  const page = await newestFirstPage(ctx.db, rows, where, [blockedContacts.createdAt, blockedContacts.id], query);
  return {
    items: page.items.map((r) => ({
      id: r.id,
      kind: r.kind,
      value: r.value,
      display: r.display,
      reason: r.reason,
      createdAt: r.createdAt,
      createdBy:
        r.userId === null
          ? null
          : { id: r.userId, name: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim() || (r.email ?? "") },
    })),
    total: page.total,
  };
}

/**
 * Adds a phone or an address. One INSERT … ON CONFLICT DO NOTHING against the unique (kind,
 * value): of two staff adding the same number at once one row is stored, the other gets a 409.
 */
export async function addBlocked(ctx: CoreContext, actor: StaffActor, input: BlockInput): Promise<BlockedEntry> {
  requirePermission(actor, "orders");
  const entry = blockedValue(input);
  return staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [row] = await tx
      .insert(blockedContacts)
      .values({ ...entry, createdBy: actor.userId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, ALREADY_BLOCKED[entry.kind], { kind: entry.kind, value: entry.value });
    await audit({
      action: "block_list.add",
      entityType: "blocked_contact",
      entityId: row.id,
      changes: { kind: row.kind, value: row.value, display: row.display, reason: row.reason },
    });
    return {
      id: row.id,
      kind: row.kind,
      value: row.value,
      display: row.display,
      reason: row.reason,
      createdAt: row.createdAt,
      createdBy: { id: actor.userId, name: `${actor.firstName} ${actor.lastName}`.trim() || actor.email },
    };
  });
}

/** Blocks an order's phone or its delivery address, as the order carries them. */
export async function blockOrderContact(
  ctx: CoreContext,
  actor: StaffActor,
  orderId: number,
  kind: unknown,
  reason: unknown,
): Promise<BlockedEntry> {
  requirePermission(actor, "orders");
  if (kind !== "phone" && kind !== "address") throw fail("kind", "kind must be phone or address");
  const [order] = await ctx.db
    .select({ phone: orders.phone, address: orders.shippingAddress, city: orders.city })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND_FOR_STAFF);
  if (kind === "phone") {
    // the number as the shopper typed it, normalised again: an order from abroad has no
    // Pakistani mobile, and the block list is for the checkout's Pakistani numbers
    return addBlocked(ctx, actor, { kind, phone: order.phone.slice(0, BLOCK_LIMITS.phone), reason });
  }
  return addBlocked(ctx, actor, {
    kind,
    address: order.address.slice(0, BLOCK_LIMITS.address),
    city: order.city.slice(0, BLOCK_LIMITS.city),
    reason,
  });
}

export async function removeBlocked(ctx: CoreContext, actor: StaffActor, id: number): Promise<void> {
  requirePermission(actor, "orders");
  await staffWrite(ctx, actor, "orders", async ({ tx, audit, keepCache }) => {
    keepCache();
    const [row] = await tx.delete(blockedContacts).where(eq(blockedContacts.id, id)).returning();
    if (!row) throw notFound("This entry is not on the block list (anymore).");
    await audit({
      action: "block_list.remove",
      entityType: "blocked_contact",
      entityId: row.id,
      changes: { kind: row.kind, value: row.value, display: row.display, reason: row.reason },
    });
  });
}

/** Whether an order's phone and address are on the block list now (the order screen's buttons). */
export async function blockedStateOf(
  ctx: CoreContext,
  actor: StaffActor,
  order: { phoneNormalized: string; addressKey: string | null },
): Promise<{ phone: number | null; address: number | null }> {
  requirePermission(actor, "orders");
  const rows = await ctx.db
    .select({ id: blockedContacts.id, kind: blockedContacts.kind })
    .from(blockedContacts)
    .where(
      sql`(${and(eq(blockedContacts.kind, "phone"), inArray(blockedContacts.value, samePhoneForms(order.phoneNormalized)))})
          or (${and(eq(blockedContacts.kind, "address"), eq(blockedContacts.value, order.addressKey ?? ""))})`,
    );
  return {
    phone: rows.find((r) => r.kind === "phone")?.id ?? null,
    address: rows.find((r) => r.kind === "address")?.id ?? null,
  };
}
