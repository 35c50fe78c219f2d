// The shop's accounts with its couriers (decision 0102), Settings → Couriers: owner only (the
// settings permission, like the store's details). Credentials are sealed with the process's key
// (core/shared/secrets.ts) and never leave core whole: staff see each secret's last four
// characters, and the audit row names the fields changed, never a value. Every write takes one
// lock for the table's rows, so two owners acting at once (two defaults chosen, two first
// accounts added) are served one after the other and exactly one active account is the default.
import { and, asc, count, eq, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { cities, courierAccounts, parcels, type PickupAddress } from "../../db/schema";
import { changedFields } from "../shared/audit";
import { AppError, conflict, invalid } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { NO_SECRETS_KEY, openSecret, sealSecret, SECRET_UNREADABLE } from "../shared/secrets";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { credentialFieldsOf, credentialHints, readAccountChanges, readNewAccount } from "./account-input";
import { accountRow, viewOf, type CourierAccountView } from "./account-views";
import { COURIER_NAMES } from "./courier";

export {
  getCourierAccount,
  listCourierAccounts,
  type CourierAccountView,
  type CredentialsState,
  type PickupAddressView,
} from "./account-views";

const labelTaken = (label: string) =>
  conflict(`There is already a courier account named "${label}". Choose another label.`);

// an edit of the accounts waits for any other: the default moves only one way at a time
const lockAccounts = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('courier_accounts', 0))`);

/** The store's cities named by the pickup addresses must exist (422 naming the address). */
async function checkCities(db: Db, addresses: readonly PickupAddress[]): Promise<void> {
  const ids = [...new Set(addresses.map((p) => p.cityId).filter((id) => id !== null))];
  if (ids.length === 0) return;
  const found = new Set(
    (await db.select({ id: cities.id }).from(cities).where(inArray(cities.id, ids))).map((c) => c.id),
  );
  const errors = addresses.flatMap((p, i) =>
    p.cityId !== null && !found.has(p.cityId)
      ? [{ field: `pickup_addresses.${i}.city_id`, message: "City must be one of the store's cities" }]
      : [],
  );
  if (errors.length > 0) throw new AppError(422, `${errors[0]!.field}: ${errors[0]!.message}`, { errors });
}

async function labelFree(db: Db, label: string, except: number | null): Promise<void> {
  const [taken] = await db
    .select({ id: courierAccounts.id })
    .from(courierAccounts)
    .where(
      and(
        eq(sql`lower(${courierAccounts.label})`, label.toLowerCase()),
        except === null ? undefined : ne(courierAccounts.id, except),
      ),
    )
    .limit(1);
  if (taken) throw labelTaken(label);
}

const hasDefault = async (db: Db) =>
  (
    await db
      .select({ id: courierAccounts.id })
      .from(courierAccounts)
      .where(eq(courierAccounts.isDefault, true))
      .limit(1)
  ).length > 0;

/** Makes the longest-kept active account other than `except` the default; its label, or null when none is left. */
async function promoteNextDefault(db: Db, except: number): Promise<string | null> {
  const [next] = await db
    .select({ id: courierAccounts.id, label: courierAccounts.label })
    .from(courierAccounts)
    .where(and(eq(courierAccounts.isActive, true), ne(courierAccounts.id, except)))
    .orderBy(asc(courierAccounts.createdAt), asc(courierAccounts.id))
    .limit(1);
  if (!next) return null;
  await db
    .update(courierAccounts)
    .set({ isDefault: true, updatedAt: sql`now()` })
    .where(eq(courierAccounts.id, next.id));
  return next.label;
}

/** A pickup address as the audit log shows it: one line of words. */
const pickupWords = (p: PickupAddress) => `${p.label}: ${p.address}, ${p.phone}${p.code ? ` (${p.code})` : ""}`;

function requireKey(ctx: CoreContext) {
  if (!ctx.secrets) throw invalid(NO_SECRETS_KEY);
  return ctx.secrets;
}

const unique = (label: string | undefined) => (constraint: string | null) =>
  constraint === "courier_accounts_label_key" && label ? labelTaken(label) : undefined;

/**
 * Adds an account with every credential its courier takes, sealed. The first active account
 * becomes the default. Refused (422) when the store has no key to seal with.
 */
export async function addCourierAccount(
  ctx: CoreContext,
  actor: StaffActor,
  input: unknown,
): Promise<CourierAccountView> {
  requirePermission(actor, "settings");
  const secrets = requireKey(ctx);
  const v = readNewAccount(input);
  const id = await staffWrite(ctx, actor, "settings", async ({ tx, audit, refuseUnique }) => {
    refuseUnique(unique(v.label));
    await lockAccounts(tx);
    await labelFree(tx, v.label, null);
    await checkCities(tx, v.pickupAddresses);
    const isDefault = v.active && !(await hasDefault(tx));
    const [row] = await tx
      .insert(courierAccounts)
      .values({
        courier: v.courier,
        label: v.label,
        mode: v.mode,
        baseUrl: v.baseUrl,
        credentialsSealed: sealSecret(secrets, JSON.stringify(v.credentials)),
        credentialsHint: credentialHints(v.courier, v.credentials),
        pickupAddresses: v.pickupAddresses,
        defaultWeightGrams: v.defaultWeightGrams,
        isActive: v.active,
        isDefault,
      })
      .returning({ id: courierAccounts.id });
    await audit({
      action: "courier_account.create",
      entityType: "courier_account",
      entityId: row!.id,
      changes: {
        courier: COURIER_NAMES[v.courier],
        label: v.label,
        mode: v.mode,
        base_url: v.baseUrl,
        default_weight_grams: v.defaultWeightGrams,
        pickup_addresses: v.pickupAddresses.length,
        active: v.active,
        default: isDefault,
        // the names of the fields, never their values
        credentials_set: Object.keys(v.credentials),
      },
    });
    return row!.id;
  });
  return viewOf(ctx, ctx.db, id);
}

/** The stored credentials, opened; null when this key cannot read them. */
function storedCredentials(ctx: CoreContext, sealed: string): Record<string, string> | null {
  if (!ctx.secrets) return null;
  const plain = openSecret(ctx.secrets, sealed);
  if (plain === null) return null;
  try {
    const parsed: unknown = JSON.parse(plain);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/**
 * Changes an account: fields absent stay as they are; a credential given replaces the stored one,
 * one left empty keeps it. Credentials the key cannot read (SECRETS_KEY changed) must be given
 * whole. Deactivating the default makes the longest-kept other active account the default.
 */
export async function updateCourierAccount(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  input: unknown,
): Promise<CourierAccountView> {
  requirePermission(actor, "settings");
  const current = await accountRow(ctx.db, id);
  const v = readAccountChanges(current.courier, input);
  if ("courier" in v && v.courier !== current.courier) {
    throw new AppError(422, "courier: An account's courier cannot change: add an account for the other courier", {
      errors: [
        { field: "courier", message: "An account's courier cannot change: add an account for the other courier" },
      ],
    });
  }
  const newCredentials = Object.keys(v.credentials).length > 0;
  const secrets = newCredentials ? requireKey(ctx) : null;
  await staffWrite(ctx, actor, "settings", async ({ tx, audit, refuseUnique }) => {
    refuseUnique(unique(v.label));
    await lockAccounts(tx);
    const before = await accountRow(tx, id, true);
    if (v.label !== undefined) await labelFree(tx, v.label, id);
    if (v.pickupAddresses) await checkCities(tx, v.pickupAddresses);
    const set: Partial<typeof courierAccounts.$inferInsert> = {};
    let credentialsChanged: string[] = [];
    if (secrets) {
      const fields = credentialFieldsOf(before.courier);
      const stored = storedCredentials(ctx, before.credentialsSealed);
      const missing = fields.filter((f) => !(f.name in v.credentials));
      if (stored === null && missing.length > 0) {
        throw new AppError(422, SECRET_UNREADABLE, {
          errors: missing.map((f) => ({
            field: `credentials.${f.name}`,
            message: `${f.label} is required: ${SECRET_UNREADABLE}`,
          })),
        });
      }
      const merged: Record<string, string> = {};
      for (const f of fields) {
        const value = v.credentials[f.name] ?? stored?.[f.name];
        if (value !== undefined) merged[f.name] = value;
      }
      credentialsChanged = fields
        .filter((f) => f.name in v.credentials && v.credentials[f.name] !== stored?.[f.name])
        .map((f) => f.name);
      if (credentialsChanged.length > 0) {
        set.credentialsSealed = sealSecret(secrets, JSON.stringify(merged));
        set.credentialsHint = credentialHints(before.courier, merged);
      }
    }
    if (v.label !== undefined) set.label = v.label;
    if (v.mode !== undefined) set.mode = v.mode;
    if (v.baseUrl !== undefined) set.baseUrl = v.baseUrl;
    if (v.pickupAddresses !== undefined) set.pickupAddresses = v.pickupAddresses;
    if (v.defaultWeightGrams !== undefined) set.defaultWeightGrams = v.defaultWeightGrams;
    if (v.active !== undefined) set.isActive = v.active;
    const flat = (a: {
      label: string;
      mode: string;
      baseUrl: string | null;
      defaultWeightGrams: number;
      isActive: boolean;
    }) => ({
      label: a.label,
      mode: a.mode,
      base_url: a.baseUrl,
      default_weight_grams: a.defaultWeightGrams,
      active: a.isActive,
    });
    const changes: Record<string, unknown> = changedFields(flat(before), flat({ ...before, ...set }), [
      "label",
      "mode",
      "base_url",
      "default_weight_grams",
      "active",
    ]);
    if (v.pickupAddresses && JSON.stringify(v.pickupAddresses) !== JSON.stringify(before.pickupAddresses)) {
      changes.pickup_addresses = [before.pickupAddresses.map(pickupWords), v.pickupAddresses.map(pickupWords)];
    }
    if (credentialsChanged.length > 0) changes.credentials_changed = credentialsChanged;
    if (Object.keys(changes).length === 0) return;
    const deactivated = before.isActive && v.active === false;
    if (deactivated && before.isDefault) set.isDefault = false;
    await tx
      .update(courierAccounts)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(courierAccounts.id, id));
    if (deactivated && before.isDefault) changes.default_moved_to = (await promoteNextDefault(tx, id)) ?? "(none)";
    if (!before.isActive && v.active === true && !(await hasDefault(tx))) {
      await tx.update(courierAccounts).set({ isDefault: true }).where(eq(courierAccounts.id, id));
      changes.default = [false, true];
    }
    await audit({ action: "courier_account.update", entityType: "courier_account", entityId: id, changes });
  });
  return viewOf(ctx, ctx.db, id);
}

/** How many of the account's parcels are still on their way (or their booking is unsettled). */
async function parcelsInFlight(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(parcels)
    .where(
      and(
        eq(parcels.courierAccountId, accountId),
        or(
          inArray(parcels.bookingState, ["booking", "unknown"]),
          and(
            eq(parcels.bookingState, "booked"),
            or(isNull(parcels.status), notInArray(parcels.status, ["delivered", "returned"])),
          ),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Removes an account. Refused (409) while any of its parcels is on its way: following them needs
 * its credentials; deactivate it instead, which stops new bookings and keeps the parcels followed.
 * Its delivered and returned parcels stay, with their courier.
 */
export async function removeCourierAccount(ctx: CoreContext, actor: StaffActor, id: number): Promise<void> {
  requirePermission(actor, "settings");
  await staffWrite(ctx, actor, "settings", async ({ tx, audit }) => {
    await lockAccounts(tx);
    const before = await accountRow(tx, id, true);
    const inFlight = await parcelsInFlight(tx, id);
    if (inFlight > 0) {
      throw conflict(
        `${before.label} has ${inFlight === 1 ? "1 parcel" : `${inFlight} parcels`} on the way, followed with its credentials. Deactivate it instead: it takes no new bookings and its parcels are still followed.`,
      );
    }
    await tx.delete(courierAccounts).where(eq(courierAccounts.id, id));
    const movedTo = before.isDefault ? ((await promoteNextDefault(tx, id)) ?? "(none)") : undefined;
    await audit({
      action: "courier_account.delete",
      entityType: "courier_account",
      entityId: id,
      changes: {
        courier: COURIER_NAMES[before.courier],
        label: before.label,
        ...(movedTo !== undefined && { default_moved_to: movedTo }),
      },
    });
  });
}

/** Makes an active account the one booking offers first; the one before it stops being the default. */
export async function setDefaultCourierAccount(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
): Promise<CourierAccountView> {
  requirePermission(actor, "settings");
  await staffWrite(ctx, actor, "settings", async ({ tx, audit }) => {
    await lockAccounts(tx);
    const account = await accountRow(tx, id, true);
    if (account.isDefault) return;
    if (!account.isActive) {
      throw invalid(`${account.label} is not active. Activate it before making it the default.`);
    }
    const [before] = await tx
      .update(courierAccounts)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(eq(courierAccounts.isDefault, true))
      .returning({ label: courierAccounts.label });
    await tx
      .update(courierAccounts)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(eq(courierAccounts.id, id));
    await audit({
      action: "courier_account.default",
      entityType: "courier_account",
      entityId: id,
      changes: { default: [before?.label ?? null, account.label] },
    });
  });
  return viewOf(ctx, ctx.db, id);
}
