// Parcels that need a person (decision 0104): a delivery the courier attempted and could not
// make, or a parcel with no movement for the shop's stall days (site_settings.parcel_stall_days).
// Oldest first, with the courier's reason and the shopper's name, phone and city, so whoever
// works the list calls or messages the shopper and tells the courier to try again or send it back.
import { eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { siteSettings, type CourierCode, type ParcelStatus } from "../../db/schema";
import { changedFields } from "../shared/audit";
import { invalid } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { getSiteSettings } from "../settings/site-settings";
import { adapterFor } from "../couriers/adapters";
import { COURIER_NAMES, type ShipperAdvice } from "../couriers/courier";

export type AttentionReason = "attempted" | "stalled";

/** One parcel on the list. */
export interface AttentionParcel {
  parcelId: number;
  orderId: number;
  trackingId: string;
  courier: CourierCode;
  courierName: string;
  cn: string;
  status: ParcelStatus;
  /** the courier's reason with its last status ("Address incomplete") */
  reason: string | null;
  statusAt: Date | null;
  /** the last movement, or the booking when nothing moved yet: what "oldest" means here */
  since: Date;
  why: AttentionReason;
  firstName: string;
  lastName: string;
  phone: string;
  /** digits with the country code (923001234567), for tel: and wa.me links */
  phoneNormalized: string;
  city: string;
  codPaisa: number;
  /** the courier's API takes "retry" or "return" for this parcel */
  canAdvise: boolean;
  /** the last advice sent for it, if any */
  lastAdvice: { advice: ShipperAdvice; at: Date } | null;
}

export interface AttentionList {
  stallDays: number;
  total: number;
  parcels: AttentionParcel[];
}

// the parcels on the list: booked, not yet delivered or returned, and either attempted or quiet
// for the stall days. "since" is the last movement, else the booking (nothing moved yet).
const onList = (stallDays: number) => sql`
  p.booking_state = 'booked' and coalesce(p.status, 'booked') not in ('delivered', 'returned')
  and (p.status = 'delivery attempted'
       or coalesce(p.last_movement_at, p.booked_at, p.created_at) < now() - make_interval(days => ${stallDays}))`;

/** The parcels that need a person, oldest first (GET /api/admin/parcels/attention). */
export async function listParcelsToFollowUp(
  ctx: CoreContext,
  actor: StaffActor,
  page: { limit: number; offset: number },
): Promise<AttentionList> {
  requirePermission(actor, "orders");
  const { parcelStallDays: stallDays } = await getSiteSettings(ctx);
  const [counted] = await queryRows<{ n: number | string }>(
    ctx.db,
    sql`select count(*) as n from parcels p where ${onList(stallDays)}`,
  );
  const rows = await queryRows<{
    id: number;
    order_id: number;
    tracking_id: string;
    courier: CourierCode;
    cn: string;
    status: ParcelStatus | null;
    status_reason: string | null;
    status_at: Date | string | null;
    since: Date | string;
    first_name: string;
    last_name: string;
    phone: string;
    phone_normalized: string;
    city: string;
    cod_paisa: number | string;
    advice: { advice?: ShipperAdvice } | string | null;
    advice_at: Date | string | null;
  }>(
    ctx.db,
    sql`select p.id, p.order_id, o.tracking_id, p.courier, p.cn, p.status, p.status_reason, p.status_at,
          coalesce(p.last_movement_at, p.booked_at, p.created_at) as since,
          o.first_name, o.last_name, o.phone, o.phone_normalized, o.city, p.cod_paisa,
          a.changes as advice, a.at as advice_at
        from parcels p
        join orders o on o.id = p.order_id
        left join lateral (
          select changes, at from audit_log
          where entity_type = 'parcel' and entity_id = p.id::text and action = 'parcel.advice'
          order by at desc, id desc limit 1) a on true
        where ${onList(stallDays)}
        order by since, p.id
        limit ${page.limit} offset ${page.offset}`,
  );
  return {
    stallDays,
    total: Number(counted?.n ?? 0),
    parcels: rows.map((row) => {
      const advice =
        typeof row.advice === "string" ? (JSON.parse(row.advice) as { advice?: ShipperAdvice }) : row.advice;
      return {
        parcelId: row.id,
        orderId: row.order_id,
        trackingId: row.tracking_id,
        courier: row.courier,
        courierName: COURIER_NAMES[row.courier],
        cn: row.cn,
        status: row.status ?? "booked",
        reason: row.status_reason,
        statusAt: row.status_at === null ? null : new Date(row.status_at),
        since: new Date(row.since),
        why: row.status === "delivery attempted" ? "attempted" : "stalled",
        firstName: row.first_name,
        lastName: row.last_name,
        phone: row.phone,
        phoneNormalized: row.phone_normalized,
        city: row.city,
        codPaisa: Number(row.cod_paisa),
        canAdvise: row.status === "delivery attempted" && typeof adapterFor(row.courier).shipperAdvice === "function",
        lastAdvice: advice?.advice && row.advice_at ? { advice: advice.advice, at: new Date(row.advice_at) } : null,
      };
    }),
  };
}

/** The words a WhatsApp message to the shopper starts with; staff edit it before sending. */
export function followUpMessage(
  parcel: Pick<AttentionParcel, "firstName" | "trackingId" | "courierName" | "reason">,
  store: string,
): string {
  const why = parcel.reason ? ` (the courier says: ${parcel.reason})` : "";
  return `Assalam-o-Alaikum ${parcel.firstName}, this is ${store} about your order ${parcel.trackingId}. ${parcel.courierName} could not deliver it yet${why}. When and where can they bring it?`;
}

export const STALL_DAYS_MESSAGE = "parcel_stall_days must be a whole number of days from 1 to 60";

/** The stall days as a number, or a 422: a whole number from 1 to 60 (the column's own check). */
export function parseStallDays(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (text.length > 3 || !/^\d{1,2}$/.test(text)) throw invalid(STALL_DAYS_MESSAGE);
  const days = Number(text);
  if (days < 1 || days > 60) throw invalid(STALL_DAYS_MESSAGE);
  return days;
}

/** After how many days without movement a parcel is listed (the Settings page's Parcels panel). */
export async function getParcelStallDays(ctx: CoreContext, actor: StaffActor): Promise<number> {
  requirePermission(actor, "settings");
  return (await getSiteSettings(ctx)).parcelStallDays;
}

/**
 * Sets after how many days without movement a parcel comes on the list (PUT
 * /api/admin/settings/parcel-tracking, and the Parcels panel of Settings). Audited when it changes.
 */
export async function setParcelStallDays(ctx: CoreContext, actor: StaffActor, raw: unknown): Promise<number> {
  requirePermission(actor, "settings");
  const days = parseStallDays((raw as { parcel_stall_days?: unknown } | null)?.parcel_stall_days);
  return staffWrite(ctx, actor, "settings", async ({ tx, audit }) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx
      .select({ parcel_stall_days: siteSettings.parcelStallDays })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for("update");
    const changes = changedFields(before!, { parcel_stall_days: days }, ["parcel_stall_days"]);
    if (Object.keys(changes).length === 0) return days;
    await tx
      .update(siteSettings)
      .set({ parcelStallDays: days, updatedAt: sql`now()` })
      .where(eq(siteSettings.id, 1));
    await audit({ action: "settings.update", entityType: "settings", entityId: "parcel_tracking", changes });
    // the settings are cached with the catalogue's reads: the whole cache is cleared, the default
    return days;
  });
}
