// Vouchers for staff (decision 0066): list, create, edit, delete and the
// orders that used each one. The checkout reads the same rows (core/vouchers/vouchers.ts), so a
// voucher saved here works at the checkout at once. An edit locks the voucher's row: an order
// counting a use (redeemVoucher's conditional UPDATE) waits for the edit, or the edit for it, so
// a usage limit lowered while orders come in is compared with the uses already counted and
// stays exact.
import { and, count, eq, gt, ilike, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { orders, voucherRedemptions, vouchers } from "../../db/schema";
import { AppError, notFound } from "../shared/errors";
import { changedFields } from "../shared/audit";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { escapeLike } from "../shared/search";
import {
  voucherState,
  voucherValues,
  type VoucherFields,
  type VoucherPatch,
  type VoucherState,
  type VoucherValues,
} from "./voucher-rules";
import { voucherColumns } from "./vouchers";
import { newestFirstPage } from "../shared/paging";

export interface StaffVoucher extends VoucherValues {
  id: number;
  usedCount: number;
  createdAt: Date;
  state: VoucherState;
}

export interface VoucherListQuery {
  search?: string;
  state?: VoucherState;
  limit: number;
  offset: number;
  now?: Date;
}

export interface VoucherUse {
  orderId: number;
  trackingId: string;
  customerName: string;
  email: string;
  phone: string;
  totalPaisa: number;
  discountPaisa: number;
  status: string;
  at: Date;
}

const columns = { ...voucherColumns, createdAt: vouchers.createdAt };

type Row = Omit<StaffVoucher, "state">;
const withState = (row: Row, now = new Date()): StaffVoucher => ({ ...row, state: voucherState(row, now) });

const usedUp = sql`(${vouchers.usageLimit} is not null and ${vouchers.usedCount} >= ${vouchers.usageLimit})`;

/** The same states as voucherState, as SQL. */
function stateWhere(state: VoucherState, now: Date): SQL | undefined {
  const ended = and(isNotNull(vouchers.endsAt), lt(vouchers.endsAt, now));
  const notEnded = or(sql`${vouchers.endsAt} is null`, sql`${vouchers.endsAt} >= ${now}`);
  const started = or(sql`${vouchers.startsAt} is null`, lte(vouchers.startsAt, now));
  switch (state) {
    case "inactive":
      return eq(vouchers.isActive, false);
    case "expired":
      return and(eq(vouchers.isActive, true), ended);
    case "used_up":
      return and(eq(vouchers.isActive, true), notEnded, usedUp);
    case "scheduled":
      return and(eq(vouchers.isActive, true), notEnded, sql`not ${usedUp}`, gt(vouchers.startsAt, now));
    case "active":
      return and(eq(vouchers.isActive, true), notEnded, sql`not ${usedUp}`, started);
  }
}

/** Vouchers, newest first: a code search (any case, any part) and a state narrow them. */
export async function listVouchers(
  ctx: CoreContext,
  actor: StaffActor,
  query: VoucherListQuery,
): Promise<{ items: StaffVoucher[]; total: number }> {
  requirePermission(actor, "vouchers");
  const now = query.now ?? new Date();
  const term = query.search?.trim();
  const where = and(
    term ? ilike(vouchers.code, `%${escapeLike(term)}%`) : undefined,
    query.state ? stateWhere(query.state, now) : undefined,
  );
  const listed = ctx.db.select(columns).from(vouchers).$dynamic();
  const { items: rows, total } = await newestFirstPage(ctx.db, listed, where, [vouchers.createdAt, vouchers.id], query);
  return { items: rows.map((r) => withState(r, now)), total };
}

/** One voucher, or 404. */
export async function getVoucher(ctx: CoreContext, actor: StaffActor, id: number): Promise<StaffVoucher> {
  requirePermission(actor, "vouchers");
  const [row] = await ctx.db.select(columns).from(vouchers).where(eq(vouchers.id, id));
  if (!row) throw notFound("Voucher not found");
  return withState(row);
}

const duplicate = (code: string) =>
  new AppError(409, `A voucher with the code ${code} already exists (codes are the same in any case).`, {
    field: "code",
  });

/** The unique index on upper(code) met at commit (a race with another save) is the same 409. */
const codeInUse = (code: string) => (constraint: string | null) =>
  constraint === null || constraint === "vouchers_code_key" ? duplicate(code) : undefined;

async function codeTaken(tx: Db, code: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        sql`upper(${vouchers.code}) = ${code.toUpperCase()}`,
        exceptId ? sql`${vouchers.id} <> ${exceptId}` : undefined,
      ),
    );
  return !!row;
}

const AUDITED = [
  "code",
  "description",
  "message",
  "discountType",
  "discountValue",
  "maxDiscountPaisa",
  "minOrderPaisa",
  "startsAt",
  "endsAt",
  "usageLimit",
  "perCustomerLimit",
  "isActive",
] as const;

const auditValues = (v: VoucherValues) =>
  Object.fromEntries(AUDITED.map((k) => [k, v[k] instanceof Date ? (v[k] as Date).toISOString() : v[k]]));

/** Creates a voucher; it works at the checkout at once. 409 for a code in use, in any case. */
export async function createVoucher(ctx: CoreContext, actor: StaffActor, fields: VoucherFields): Promise<StaffVoucher> {
  requirePermission(actor, "vouchers");
  const { values, problem } = voucherValues(fields);
  if (problem !== null) throw new AppError(422, problem);
  const created = await staffWrite(ctx, actor, "vouchers", async ({ tx, audit, refuseUnique }) => {
    refuseUnique(codeInUse(values.code));
    if (await codeTaken(tx, values.code)) throw duplicate(values.code);
    const [row] = await tx.insert(vouchers).values(values).returning(columns);
    await audit({ action: "voucher.create", entityType: "voucher", entityId: row!.id, changes: auditValues(values) });
    return row!;
  });
  return withState(created);
}

/**
 * Changes a voucher's fields (the ones given). The row is locked first, so the uses counted
 * meanwhile are final: a usage limit below them is refused (422), and an order that comes after
 * the edit is held to the new limit.
 */
export async function updateVoucher(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  patch: VoucherPatch,
): Promise<{ voucher: StaffVoucher; changed: boolean }> {
  const result = await staffWrite(ctx, actor, "vouchers", async ({ tx, audit, refuseUnique, unchanged }) => {
    refuseUnique(codeInUse(patch.code ?? ""));
    const [current] = await tx.select(columns).from(vouchers).where(eq(vouchers.id, id)).for("update");
    if (!current) throw notFound("Voucher not found");
    const { values, problem } = voucherValues(patch, current);
    if (problem !== null) throw new AppError(422, problem);
    if (values.usageLimit !== null && values.usageLimit < current.usedCount) {
      throw new AppError(
        422,
        `usage_limit cannot be below the ${current.usedCount} ${current.usedCount === 1 ? "use" : "uses"} already counted`,
        { field: "usage_limit", used_count: current.usedCount },
      );
    }
    if (values.code.toUpperCase() !== current.code.toUpperCase() && (await codeTaken(tx, values.code, id)))
      throw duplicate(values.code);
    const changes = changedFields<Record<string, unknown>>(current, { ...values }, AUDITED);
    if (Object.keys(changes).length === 0) return unchanged({ row: current, changed: false });
    const [row] = await tx.update(vouchers).set(values).where(eq(vouchers.id, id)).returning(columns);
    await audit({
      action: "voucher.update",
      entityType: "voucher",
      entityId: id,
      changes: Object.fromEntries(
        Object.entries(changes).map(([k, pair]) => [k, pair.map((v) => (v instanceof Date ? v.toISOString() : v))]),
      ),
    });
    return { row: row!, changed: true };
  });
  return { voucher: withState(result.row), changed: result.changed };
}

/**
 * Deletes a voucher that was never used. One that was used is refused (409): its orders keep
 * their code and the per-customer limit counts its uses; switch it off instead.
 */
export async function deleteVoucher(ctx: CoreContext, actor: StaffActor, id: number): Promise<void> {
  await staffWrite(ctx, actor, "vouchers", async ({ tx, audit }) => {
    const [current] = await tx.select(columns).from(vouchers).where(eq(vouchers.id, id)).for("update");
    if (!current) throw notFound("Voucher not found");
    const [uses] = await tx.select({ n: count() }).from(orders).where(eq(orders.voucherId, id));
    const used = Math.max(current.usedCount, Number(uses?.n ?? 0));
    if (used > 0) {
      throw new AppError(
        409,
        `${current.code} was used on ${used} ${used === 1 ? "order" : "orders"}, so it cannot be deleted. Switch it off instead.`,
        { used_count: current.usedCount },
      );
    }
    await tx.delete(vouchers).where(eq(vouchers.id, id));
    await audit({ action: "voucher.delete", entityType: "voucher", entityId: id, changes: auditValues(current) });
  });
}

/** The orders that used a voucher, newest first, with the total count. */
export async function listVoucherUses(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  page: { limit: number; offset: number },
): Promise<{ items: VoucherUse[]; total: number }> {
  requirePermission(actor, "vouchers");
  const [exists] = await ctx.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.id, id));
  if (!exists) throw notFound("Voucher not found");
  const listed = ctx.db
    .select({
      orderId: orders.id,
      trackingId: orders.trackingId,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      phone: orders.phone,
      totalPaisa: orders.totalPaisa,
      discountPaisa: orders.discountPaisa,
      status: orders.status,
      at: voucherRedemptions.createdAt,
    })
    .from(voucherRedemptions)
    .innerJoin(orders, eq(orders.id, voucherRedemptions.orderId))
    .$dynamic();
  const { items: rows, total } = await newestFirstPage(
    ctx.db,
    listed,
    eq(voucherRedemptions.voucherId, id),
    [voucherRedemptions.createdAt, voucherRedemptions.id],
    page,
  );
  return {
    items: rows.map(({ firstName, lastName, ...r }) => ({
      ...r,
      customerName: `${firstName} ${lastName}`.trim(),
      totalPaisa: Number(r.totalPaisa),
      discountPaisa: Number(r.discountPaisa),
    })),
    total,
  };
}
