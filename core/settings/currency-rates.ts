// The shop's rates for the display currencies (spec §9; decision 0091): the owner sets, per
// currency, how many rupees one unit is, or clears it to stop offering the currency. The
// storefront reads the offered ones (cached with the catalogue's reads); a change is audited in
// its transaction and clears this process's cached reads and pages at once.
//
// Owner only (the settings permission): a rate changes what every shopper reads on every page,
// as the store's details and the shipping fee do, and those are the owner's too.
import { asc, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { currencyRates, users } from "../../db/schema";
import { AppError } from "../shared/errors";
import { staffWrite } from "../shared/staff-write";
import { CHANGED_BY_SOMEONE_ELSE, requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import {
  DISPLAY_CURRENCIES,
  isDisplayCurrency,
  parseRate,
  rateFromDb,
  rateText,
  type DisplayCurrency,
  type OfferedCurrency,
} from "./currencies";

/** One currency as the console shows it: its rate, or null when it is not offered. */
export interface CurrencyRate {
  code: DisplayCurrency;
  /** rupees per unit × 10,000; null: not offered */
  rate: number | null;
  setAt: Date | null;
  /** who set it (their email), when they still have an account */
  setBy: string | null;
}

export interface CurrencyRateSettings {
  currencies: CurrencyRate[];
  /** the rates' version: the latest moment one was set or cleared (microseconds), or "none" */
  updatedAt: string;
}

const fail = (field: string, message: string) => new AppError(422, message, { field });

const VERSION_TEXT_MAX = 40;
const version = sql<
  string | null
>`to_char(max(${currencyRates.setAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function read(db: Db, lock: boolean): Promise<CurrencyRateSettings> {
  if (lock) {
    // every currency has its row, so a save locks all of them and a second save waits for it
    await db
      .insert(currencyRates)
      .values(DISPLAY_CURRENCIES.map((code) => ({ code })))
      .onConflictDoNothing();
    await db.select({ code: currencyRates.code }).from(currencyRates).orderBy(asc(currencyRates.code)).for("update");
  }
  const [rows, [latest]] = await Promise.all([
    db
      .select({
        code: currencyRates.code,
        rupeesPerUnit: currencyRates.rupeesPerUnit,
        setAt: currencyRates.setAt,
        setBy: users.email,
      })
      .from(currencyRates)
      .leftJoin(users, eq(users.id, currencyRates.setBy)),
    db.select({ version }).from(currencyRates),
  ]);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return {
    currencies: DISPLAY_CURRENCIES.map((code) => {
      const row = byCode.get(code);
      return {
        code,
        rate: rateFromDb(row?.rupeesPerUnit ?? null),
        setAt: row?.setAt ?? null,
        setBy: row?.setBy ?? null,
      };
    }),
    updatedAt: latest?.version ?? "none",
  };
}

/** The rates as staff see them, with who set each and when. */
export async function getCurrencyRates(ctx: CoreContext, actor: StaffActor): Promise<CurrencyRateSettings> {
  requirePermission(actor, "settings");
  return read(ctx.db, false);
}

/** The currencies the storefront offers: those with a rate, in the list's order. */
export async function listOfferedCurrencies(ctx: CoreContext): Promise<OfferedCurrency[]> {
  return ctx.cache.getOrLoad("currency-rates", async () => {
    const rows = await ctx.db
      .select({ code: currencyRates.code, rupeesPerUnit: currencyRates.rupeesPerUnit, setAt: currencyRates.setAt })
      .from(currencyRates);
    const offered: OfferedCurrency[] = [];
    for (const code of DISPLAY_CURRENCIES) {
      const row = rows.find((r) => r.code === code);
      const rate = rateFromDb(row?.rupeesPerUnit ?? null);
      if (rate !== null && row?.setAt) offered.push({ code, rate, setAt: row.setAt.toISOString() });
    }
    return offered;
  });
}

/**
 * Sets or clears rates. `rates` names only the currencies to change ("" or null clears one);
 * `updated_at` is the version the staff member's screen was made from: when a rate was set or
 * cleared since, the save is refused with 409, so two people never overwrite each other unseen.
 * Each changed currency gets the moment and the setter; one audit row lists the changes.
 */
export async function setCurrencyRates(
  ctx: CoreContext,
  actor: StaffActor,
  input: { updated_at: unknown; rates: unknown },
): Promise<CurrencyRateSettings> {
  requirePermission(actor, "settings");
  const given = input.updated_at;
  if (typeof given !== "string" || given.length > VERSION_TEXT_MAX) {
    throw fail("updated_at", "updated_at must be the updated_at the rates were read with");
  }
  const next = checkRates(input.rates);
  // every storefront page shows prices: this process's cached reads and pages go at once
  return staffWrite(ctx, actor, "settings", async ({ tx, audit, unchanged }) => {
    const before = await read(tx, true);
    if (before.updatedAt !== given) throw new AppError(409, CHANGED_BY_SOMEONE_ELSE);
    const changes: Record<string, [string | null, string | null]> = {};
    for (const [code, rate] of next) {
      const was = before.currencies.find((c) => c.code === code)!.rate;
      if (was === rate) continue;
      changes[`rate_${code.toLowerCase()}`] = [
        was === null ? null : rateText(was),
        rate === null ? null : rateText(rate),
      ];
      await tx
        .update(currencyRates)
        .set({
          rupeesPerUnit: rate === null ? null : rateText(rate),
          // a cleared rate keeps the moment it was cleared: the rates' version moves on with it
          setAt: sql`now()`,
          setBy: actor.userId,
        })
        .where(eq(currencyRates.code, code));
    }
    if (Object.keys(changes).length === 0) return unchanged(before);
    await audit({ action: "settings.update", entityType: "settings", entityId: "currencies", changes });
    return read(tx, false);
  });
}

/** The rates to change, checked: a 422 naming the currency's field (rates.USD). */
function checkRates(rates: unknown): Map<DisplayCurrency, number | null> {
  if (!rates || typeof rates !== "object" || Array.isArray(rates)) {
    throw fail("rates", 'rates must name currencies and their rates in rupees, e.g. {"USD": "278.50"}');
  }
  const entries = Object.entries(rates as Record<string, unknown>);
  if (entries.length > DISPLAY_CURRENCIES.length) {
    throw fail("rates", `rates may only name ${DISPLAY_CURRENCIES.join(", ")}`);
  }
  const next = new Map<DisplayCurrency, number | null>();
  for (const [code, value] of entries) {
    if (!isDisplayCurrency(code)) throw fail("rates", `rates may only name ${DISPLAY_CURRENCIES.join(", ")}`);
    if (value === null || (typeof value === "string" && value.trim() === "")) {
      next.set(code, null);
      continue;
    }
    const parsed = parseRate(value, code);
    if ("error" in parsed) throw fail(`rates.${code}`, parsed.error);
    next.set(code, parsed.rate);
  }
  return next;
}
