// The shop's courier accounts as staff read them (decision 0102): every field but the
// credentials, of which only each one's hint is shown, and whether this process's key opens them
// (a changed SECRETS_KEY cannot, and the account page then asks for them again).
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { cities, courierAccounts, type PickupAddress } from "../../db/schema";
import { notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { openSecret } from "../shared/secrets";
import { requirePermission } from "../shared/staff-errors";
import { credentialFieldsOf } from "./account-input";
import { COURIER_NAMES, type CourierCode, type CredentialField } from "./courier";
import type { CourierAccount } from "./connection";

export const NOT_FOUND = "No such courier account.";

/** Whether the stored credentials open with this process's key. */
export type CredentialsState = "readable" | "unreadable" | "no key";

export interface PickupAddressView extends PickupAddress {
  cityName: string | null;
}

/** An account as staff see it: credentials only as hints. */
export interface CourierAccountView {
  id: number;
  courier: CourierCode;
  courierName: string;
  label: string;
  mode: "live" | "test";
  /** null: the courier's documented host for the mode */
  baseUrl: string | null;
  isDefault: boolean;
  isActive: boolean;
  credentialFields: readonly CredentialField[];
  /** field name → what staff may see of it */
  credentialHints: Record<string, string>;
  credentialsState: CredentialsState;
  pickupAddresses: PickupAddressView[];
  defaultWeightGrams: number;
  createdAt: Date;
  updatedAt: Date;
}

function stateOf(ctx: CoreContext, sealed: string): CredentialsState {
  if (!ctx.secrets) return "no key";
  return openSecret(ctx.secrets, sealed) === null ? "unreadable" : "readable";
}

async function viewsOf(ctx: CoreContext, db: Db, rows: CourierAccount[]): Promise<CourierAccountView[]> {
  const cityIds = [...new Set(rows.flatMap((r) => r.pickupAddresses.map((p) => p.cityId)).filter((id) => id !== null))];
  const names = new Map(
    cityIds.length === 0
      ? []
      : (await db.select({ id: cities.id, name: cities.name }).from(cities).where(inArray(cities.id, cityIds))).map(
          (c) => [c.id, c.name] as const,
        ),
  );
  return rows.map((row) => ({
    id: row.id,
    courier: row.courier,
    courierName: COURIER_NAMES[row.courier],
    label: row.label,
    mode: row.mode,
    baseUrl: row.baseUrl,
    isDefault: row.isDefault,
    isActive: row.isActive,
    credentialFields: credentialFieldsOf(row.courier),
    credentialHints: row.credentialsHint,
    credentialsState: stateOf(ctx, row.credentialsSealed),
    pickupAddresses: row.pickupAddresses.map((p) => ({
      ...p,
      cityName: p.cityId === null ? null : (names.get(p.cityId) ?? null),
    })),
    defaultWeightGrams: row.defaultWeightGrams,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

export async function accountRow(db: Db, id: number, lock = false): Promise<CourierAccount> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(NOT_FOUND);
  const query = db.select().from(courierAccounts).where(eq(courierAccounts.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export const viewOf = async (ctx: CoreContext, db: Db, id: number) =>
  (await viewsOf(ctx, db, [await accountRow(db, id)]))[0]!;

/** Every account: the default first, then the active ones, then by label. */
export async function listCourierAccounts(ctx: CoreContext, actor: StaffActor): Promise<CourierAccountView[]> {
  requirePermission(actor, "settings");
  const rows = await ctx.db
    .select()
    .from(courierAccounts)
    .orderBy(
      desc(courierAccounts.isDefault),
      desc(courierAccounts.isActive),
      asc(sql`lower(${courierAccounts.label})`),
      asc(courierAccounts.id),
    );
  return viewsOf(ctx, ctx.db, rows);
}

export async function getCourierAccount(ctx: CoreContext, actor: StaffActor, id: number): Promise<CourierAccountView> {
  requirePermission(actor, "settings");
  return viewOf(ctx, ctx.db, id);
}
