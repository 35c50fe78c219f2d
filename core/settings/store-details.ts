// The store's details (decision 0068): name, contact, WhatsApp number,
// shipping fee and free-shipping threshold, delivery promise and social links. Owner only (the
// settings permission). A save carries the updated_at it was made from: when the settings row
// changed since (another owner saved first), it is refused with 409 instead of undoing their
// change. Audited with the fields that changed, in the same transaction; the read and page caches
// are cleared after it, so the header, footer, chat button, cart, checkout and product promises
// show the new values at once in this process.
import { eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { siteSettings } from "../../db/schema";
import { AppError } from "../shared/errors";
import { changedFields } from "../shared/audit";
import { staffWrite } from "../shared/staff-write";
import { CHANGED_BY_SOMEONE_ELSE, requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import {
  checkStoreDetails,
  STORE_DETAILS_FIELDS,
  StoreDetailsError,
  type StoreDetailsValues,
} from "./store-details-rules";
import { DEFAULT_SHIPPING_FEE_PAISA, DEFAULT_SITE_NAME } from "./site-settings";
import { nextSettingsVersion, savedVersion, settingsVersion } from "./settings-version";

export interface StoreDetails extends StoreDetailsValues {
  /** what the storefront shows when store_name is empty */
  default_store_name: string;
  /** the fee the cart charges below the threshold (Rs. 500 when shipping_fee is empty or 0) */
  effective_shipping_fee_paisa: number;
  /** the row's version, to send back with a save: microseconds, so two saves never share one */
  updated_at: string;
}

const columns = {
  store_name: siteSettings.siteName,
  phone: siteSettings.phone,
  email: siteSettings.email,
  address: siteSettings.address,
  business_hours: siteSettings.businessHours,
  whatsapp_number: siteSettings.whatsappNumber,
  shipping_fee_paisa: siteSettings.shippingFeePaisa,
  free_shipping_threshold_paisa: siteSettings.freeShippingThresholdPaisa,
  delivery_promise: siteSettings.deliveryPromise,
  tagline: siteSettings.tagline,
  meta_description: siteSettings.defaultMetaDescription,
  facebook_url: siteSettings.facebookUrl,
  instagram_url: siteSettings.instagramUrl,
  twitter_url: siteSettings.twitterUrl,
  tiktok_url: siteSettings.tiktokUrl,
  youtube_url: siteSettings.youtubeUrl,
  updated_at: settingsVersion,
};

const toDetails = (row: StoreDetailsValues & { updated_at: string }): StoreDetails => ({
  ...row,
  default_store_name: DEFAULT_SITE_NAME,
  effective_shipping_fee_paisa: row.shipping_fee_paisa ? row.shipping_fee_paisa : DEFAULT_SHIPPING_FEE_PAISA,
});

async function readRow(db: Db, lock: boolean) {
  const read = async () => {
    const query = db.select(columns).from(siteSettings).where(eq(siteSettings.id, 1));
    const [row] = lock ? await query.for("update") : await query;
    return row;
  };
  const row = await read();
  if (row) return row;
  // a database without its settings row (no demo seed) gets the empty one: every value default
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  return (await read())!;
}

/** The store's details as stored (not the read cache: the version must be the row's own). */
export async function getStoreDetails(ctx: CoreContext, actor: StaffActor): Promise<StoreDetails> {
  requirePermission(actor, "settings");
  return toDetails(await readRow(ctx.db, false));
}

/**
 * Saves the store's details: each field present is checked (422 naming it) and stored, absent
 * ones stay; `updated_at` must be the version the owner's screen showed (409 otherwise).
 */
export async function updateStoreDetails(
  ctx: CoreContext,
  actor: StaffActor,
  input: Record<string, unknown>,
): Promise<StoreDetails> {
  requirePermission(actor, "settings");
  const version = savedVersion(input);
  let values: Partial<StoreDetailsValues>;
  try {
    values = checkStoreDetails(input);
  } catch (error) {
    if (error instanceof StoreDetailsError) throw new AppError(422, error.message, { field: error.field });
    throw error;
  }
  // the header, footer, chat button, cart, checkout and product pages are built from the cached
  // settings: this process shows the new ones at once, others within the cache time
  const row = await staffWrite(ctx, actor, "settings", async ({ tx, audit, unchanged }) => {
    const before = await readRow(tx, true);
    // the row is locked: a second owner's save waits here, then sees the first one's version
    if (before.updated_at !== version) throw new AppError(409, CHANGED_BY_SOMEONE_ELSE);
    const changes = changedFields(before as unknown as Record<string, unknown>, values, STORE_DETAILS_FIELDS);
    if (Object.keys(changes).length === 0) return unchanged(before);
    await tx
      .update(siteSettings)
      .set({
        ...("store_name" in values && { siteName: values.store_name }),
        ...("phone" in values && { phone: values.phone }),
        ...("email" in values && { email: values.email }),
        ...("address" in values && { address: values.address }),
        ...("business_hours" in values && { businessHours: values.business_hours }),
        ...("whatsapp_number" in values && { whatsappNumber: values.whatsapp_number }),
        ...("shipping_fee_paisa" in values && { shippingFeePaisa: values.shipping_fee_paisa }),
        ...("free_shipping_threshold_paisa" in values && {
          freeShippingThresholdPaisa: values.free_shipping_threshold_paisa,
        }),
        ...("delivery_promise" in values && { deliveryPromise: values.delivery_promise }),
        ...("tagline" in values && { tagline: values.tagline }),
        ...("meta_description" in values && { defaultMetaDescription: values.meta_description }),
        ...("facebook_url" in values && { facebookUrl: values.facebook_url }),
        ...("instagram_url" in values && { instagramUrl: values.instagram_url }),
        ...("twitter_url" in values && { twitterUrl: values.twitter_url }),
        ...("tiktok_url" in values && { tiktokUrl: values.tiktok_url }),
        ...("youtube_url" in values && { youtubeUrl: values.youtube_url }),
        updatedAt: nextSettingsVersion(),
      })
      .where(eq(siteSettings.id, 1));
    await audit({ action: "settings.update", entityType: "settings", entityId: "store", changes });
    return readRow(tx, false);
  });
  return toDetails(row);
}
