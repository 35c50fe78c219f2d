// The owner's choices for fake-order signals (decision 0073): which signals
// hold an order for a call, the store's cash-on-delivery limit, and the limits per city. Owner
// only (the settings permission). A save is whole (all three) and carries the settings row's
// updated_at it was made from: when the row changed since (another owner saved first), it is
// refused with 409, as the store's details are (store-details.ts). Audited in the same
// transaction with what changed.
import { asc, eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { codCityLimits, RISK_SIGNALS, siteSettings, type RiskSignalCode } from "../../db/schema";
import { AppError } from "../shared/errors";
import { parseRupees } from "../shared/money-input";
import { staffWrite } from "../shared/staff-write";
import { CHANGED_BY_SOMEONE_ELSE, requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { cityKey, isRiskSignal } from "./risk-rules";
import { nextSettingsVersion, savedVersion, settingsVersion } from "../settings/settings-version";

export const SIGNAL_SETTINGS_LIMITS = { cities: 100, city: 60, maxRupees: 10_000_000 } as const;

export interface OrderSignalSettings {
  holdSignals: RiskSignalCode[];
  /** null: no overall limit */
  codLimitPaisa: number | null;
  cityLimits: { city: string; limitPaisa: number }[];
  /** the settings row's version (microseconds), to send back with a save */
  updatedAt: string;
}

const fail = (field: string, message: string) => new AppError(422, message, { field });

async function read(db: Db, lock: boolean): Promise<OrderSignalSettings> {
  const select = async () => {
    const query = db
      .select({
        holdSignals: siteSettings.holdSignals,
        codLimitPaisa: siteSettings.codLimitPaisa,
        updatedAt: settingsVersion,
      })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1));
    const [row] = lock ? await query.for("update") : await query;
    return row;
  };
  let row = await select();
  if (!row) {
    // a database without its settings row (no demo seed) gets the default one
    await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    row = (await select())!;
  }
  const cities = await db
    .select({ city: codCityLimits.city, limitPaisa: codCityLimits.limitPaisa })
    .from(codCityLimits)
    .orderBy(asc(codCityLimits.cityKey));
  return {
    // in the order signals are listed, whatever order they were stored in
    holdSignals: RISK_SIGNALS.filter((s) => (row.holdSignals as string[]).includes(s)),
    codLimitPaisa: row.codLimitPaisa,
    cityLimits: cities,
    updatedAt: row.updatedAt,
  };
}

export async function getOrderSignalSettings(ctx: CoreContext, actor: StaffActor): Promise<OrderSignalSettings> {
  requirePermission(actor, "settings");
  return read(ctx.db, false);
}

/** Rupees (number or text) as paisa: empty is null (no limit); above 0, at most Rs. 1 crore. */
function limit(field: string, value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "string" && value.length > 20) throw fail(field, `${field} must be an amount in rupees`);
  if (typeof value !== "string" && typeof value !== "number") throw fail(field, `${field} must be an amount in rupees`);
  const paisa = parseRupees(value);
  if (paisa === null || !Number.isSafeInteger(paisa)) throw fail(field, `${field} must be an amount in rupees`);
  if (paisa <= 0) throw fail(field, `${field} must be more than 0 (leave it empty for no limit)`);
  if (paisa > SIGNAL_SETTINGS_LIMITS.maxRupees * 100)
    throw fail(field, `${field} must be at most Rs. ${SIGNAL_SETTINGS_LIMITS.maxRupees.toLocaleString("en-US")}`);
  return paisa;
}

/** The three choices checked: 422 naming the field (hold_signals, cod_limit, city_limits.N.city, …). */
export function checkOrderSignalSettings(input: Record<string, unknown>): Omit<OrderSignalSettings, "updatedAt"> {
  const hold = input.hold_signals;
  if (!Array.isArray(hold)) throw fail("hold_signals", "hold_signals must be a list of signals");
  if (hold.length > RISK_SIGNALS.length * 2) throw fail("hold_signals", "hold_signals lists too many signals");
  for (const code of hold) {
    if (!isRiskSignal(code)) {
      throw fail("hold_signals", `hold_signals may only hold: ${RISK_SIGNALS.join(", ")}`);
    }
  }
  const cities = input.city_limits ?? [];
  if (!Array.isArray(cities)) throw fail("city_limits", "city_limits must be a list of cities and limits");
  if (cities.length > SIGNAL_SETTINGS_LIMITS.cities)
    throw fail("city_limits", `At most ${SIGNAL_SETTINGS_LIMITS.cities} cities`);
  const seen = new Set<string>();
  const cityLimits = cities.map((entry: unknown, n) => {
    if (!entry || typeof entry !== "object" || Array.isArray(entry))
      throw fail(`city_limits.${n}`, `city_limits.${n} must be a city and its limit`);
    const { city, cod_limit } = entry as { city?: unknown; cod_limit?: unknown };
    if (typeof city !== "string") throw fail(`city_limits.${n}.city`, `city_limits.${n}.city must be text`);
    if (city.length > SIGNAL_SETTINGS_LIMITS.city)
      throw fail(`city_limits.${n}.city`, `A city must be at most ${SIGNAL_SETTINGS_LIMITS.city} characters`);
    const name = city.trim().replace(/\s+/g, " ");
    if (!name) throw fail(`city_limits.${n}.city`, "Each city limit needs the city's name");
    if (!/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(name))
      throw fail(`city_limits.${n}.city`, `"${name}" is not a city's name: letters, spaces, dots and dashes only`);
    const key = cityKey(name);
    if (seen.has(key)) throw fail(`city_limits.${n}.city`, `${name} is listed twice`);
    seen.add(key);
    const limitPaisa = limit(`city_limits.${n}.cod_limit`, cod_limit);
    if (limitPaisa === null) throw fail(`city_limits.${n}.cod_limit`, `Enter the limit for ${name} in rupees`);
    return { city: name, limitPaisa };
  });
  return {
    holdSignals: RISK_SIGNALS.filter((s) => hold.includes(s)),
    codLimitPaisa: limit("cod_limit", input.cod_limit),
    cityLimits,
  };
}

/** Saves all three choices; `updated_at` must be the version the owner's screen showed (409 otherwise). */
export async function updateOrderSignalSettings(
  ctx: CoreContext,
  actor: StaffActor,
  input: Record<string, unknown>,
): Promise<OrderSignalSettings> {
  requirePermission(actor, "settings");
  const given = savedVersion(input);
  const next = checkOrderSignalSettings(input);
  // checkout reads the settings row through the read cache (writeOrder reads it itself, but the
  // console and other readers may not): staffWrite clears it (its default)
  return staffWrite(ctx, actor, "settings", async ({ tx, audit }) => {
    // the row is locked: a second owner's save waits here, then sees the first one's version
    const before = await read(tx, true);
    if (before.updatedAt !== given) throw new AppError(409, CHANGED_BY_SOMEONE_ELSE);
    const changes: Record<string, [unknown, unknown]> = {};
    if (before.holdSignals.join() !== next.holdSignals.join())
      changes.hold_signals = [before.holdSignals, next.holdSignals];
    if (before.codLimitPaisa !== next.codLimitPaisa)
      changes.cod_limit_paisa = [before.codLimitPaisa, next.codLimitPaisa];
    const citiesText = (list: OrderSignalSettings["cityLimits"]) =>
      [...list]
        .sort((a, b) => (cityKey(a.city) < cityKey(b.city) ? -1 : 1))
        .map((c) => `${c.city}: ${c.limitPaisa}`)
        .join(", ");
    if (citiesText(before.cityLimits) !== citiesText(next.cityLimits))
      changes.city_limits = [citiesText(before.cityLimits) || null, citiesText(next.cityLimits) || null];
    if (Object.keys(changes).length === 0) return before;
    await tx
      .update(siteSettings)
      .set({
        holdSignals: next.holdSignals,
        codLimitPaisa: next.codLimitPaisa,
        updatedAt: nextSettingsVersion(),
      })
      .where(eq(siteSettings.id, 1));
    if (changes.city_limits) {
      await tx.delete(codCityLimits);
      if (next.cityLimits.length > 0) {
        await tx
          .insert(codCityLimits)
          .values(next.cityLimits.map((c) => ({ city: c.city, cityKey: cityKey(c.city), limitPaisa: c.limitPaisa })));
      }
    }
    await audit({
      action: "settings.update",
      entityType: "settings",
      entityId: "order_signals",
      changes,
    });
    return read(tx, false);
  });
}
