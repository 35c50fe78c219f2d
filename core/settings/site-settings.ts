// Site settings (spec §3). Empty values fall back to defaults so pages always have a name,
// meta texts and a shipping fee.
import { eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { StaffWriteScope } from "../shared/staff-write";
import { siteSettings } from "../../db/schema";
import { fillSettingWords, type SettingWordsSource } from "./setting-words";

/** spec §9: Rs. 500 when the fee is missing or 0 */
export const DEFAULT_SHIPPING_FEE_PAISA = 50_000;
// the order limits: a family's order stays well below these; one guest taking a product's whole
// stock on cash on delivery, or a script ordering from one phone all day, does not
export const DEFAULT_MAX_UNITS_PER_LINE = 10;
export const DEFAULT_MAX_ORDERS_PER_PHONE_PER_DAY = 5;
export const DEFAULT_SITE_NAME = "Zaiba";
export const DEFAULT_META_DESCRIPTION =
  "Lawn, kurtis, formal wear, nightwear and lingerie, delivered across Pakistan with cash on delivery.";

export type SiteSettingsRow = typeof siteSettings.$inferSelect;

export interface SiteSettings extends Omit<SiteSettingsRow, "id" | "updatedAt" | "siteName"> {
  siteName: string;
  /** the fee actually charged below the threshold */
  effectiveShippingFeePaisa: number;
  /** units of one item (combination, or product without options) one order or cart may hold */
  effectiveMaxUnitsPerLine: number;
  /** orders one phone number may place in 24 hours */
  effectiveMaxOrdersPerPhonePerDay: number;
}

export function withDefaults(row: SiteSettingsRow | undefined): SiteSettings {
  const { id: _id, updatedAt: _updatedAt, ...rest } = row ?? emptyRow();
  return {
    ...rest,
    siteName: rest.siteName?.trim() || DEFAULT_SITE_NAME,
    defaultMetaTitle: rest.defaultMetaTitle?.trim() || rest.siteName?.trim() || DEFAULT_SITE_NAME,
    defaultMetaDescription: rest.defaultMetaDescription?.trim() || DEFAULT_META_DESCRIPTION,
    effectiveShippingFeePaisa: rest.shippingFeePaisa ? rest.shippingFeePaisa : DEFAULT_SHIPPING_FEE_PAISA,
    effectiveMaxUnitsPerLine: rest.maxUnitsPerLine ?? DEFAULT_MAX_UNITS_PER_LINE,
    effectiveMaxOrdersPerPhonePerDay: rest.maxOrdersPerPhonePerDay ?? DEFAULT_MAX_ORDERS_PER_PHONE_PER_DAY,
  };
}

function emptyRow(): SiteSettingsRow {
  return {
    id: 1,
    siteName: null,
    freeShippingThresholdPaisa: null,
    shippingFeePaisa: null,
    logoUrl: null,
    defaultMetaTitle: null,
    defaultMetaDescription: null,
    tagline: null,
    defaultMetaKeywords: null,
    googleAnalyticsId: null,
    googleTagManagerId: null,
    facebookPixelId: null,
    defaultOgImage: null,
    faviconUrl: null,
    appleTouchIconUrl: null,
    phone: null,
    email: null,
    address: null,
    whatsappNumber: null,
    facebookUrl: null,
    instagramUrl: null,
    twitterUrl: null,
    tiktokUrl: null,
    youtubeUrl: null,
    deliveryPromise: null,
    businessHours: null,
    schemaOrgType: "Store",
    schemaOrgData: null,
    maxUnitsPerLine: null,
    maxOrdersPerPhonePerDay: null,
    staffTwoStepRequired: false,
    discreetPackaging: true,
    discreetSenderName: null,
    reviewsHeldForModeration: "none",
    whatsappConfirmations: true,
    whatsappLanguage: "en",
    confirmationReminderHours: 12,
    confirmationExpiryHours: 48,
    codLimitPaisa: null,
    holdSignals: ["blocked", "refused_before", "over_cod_limit"],
    emailOrderPlaced: true,
    emailOrderShipped: true,
    emailOrderDelivered: true,
    emailOrderCancelled: true,
    parcelStallDays: 3,
    updatedAt: new Date(0),
  };
}

export async function getSiteSettings(ctx: CoreContext): Promise<SiteSettings> {
  return ctx.cache.getOrLoad("settings", async () => {
    const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    return withDefaults(row);
  });
}

/**
 * Fills the placeholders of texts that state a setting ("{free_delivery}") from the current
 * settings, for the storefront and its public API (decision 0090); the console edits them raw.
 */
export async function settingWords(ctx: CoreContext): Promise<(text: string) => string> {
  const settings = await getSiteSettings(ctx);
  const source = settingWordsSource(settings);
  return (text) => fillSettingWords(text, source);
}

/** What the placeholders of texts that state a setting are filled from. */
export function settingWordsSource(settings: SiteSettings): SettingWordsSource {
  return {
    feePaisa: settings.effectiveShippingFeePaisa,
    freeThresholdPaisa: settings.freeShippingThresholdPaisa,
    deliveryPromise: settings.deliveryPromise,
  };
}

/** The switches staff set one at a time, each with its own screen. */
type OneSetting = "reviewsHeldForModeration" | "staffTwoStepRequired";

/**
 * Sets one switch of the settings row inside a staff write: the row is locked while it is
 * compared, so of two changes at once the second sees the first; a change is audited as
 * settings.update naming the field, and no change writes nothing. Answers whether it changed.
 */
export async function setOneSetting<K extends OneSetting>(
  { tx, audit }: StaffWriteScope,
  column: K,
  value: SiteSettingsRow[K],
  logged: { entityId: string; field: string },
): Promise<boolean> {
  await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [before] = await tx
    .select({ value: siteSettings[column] })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .for("update");
  if (before!.value === value) return false;
  await tx
    .update(siteSettings)
    .set({ [column]: value, updatedAt: sql`now()` })
    .where(eq(siteSettings.id, 1));
  await audit({
    action: "settings.update",
    entityType: "settings",
    entityId: logged.entityId,
    changes: { [logged.field]: [before!.value, value] },
  });
  return true;
}
