// How the console words a parcel's state (decision 0103), for the order page and the booking pages.
import type { ParcelView } from "../../../../core/parcels/parcel-reads";

/** "Booked, awaiting pickup", or the courier's last word in ours. */
export function parcelStateText(p: Pick<ParcelView, "bookingState" | "status" | "statusReason">): string {
  if (p.bookingState === "booked") {
    if (p.status === null || p.status === "booked") return "Booked, awaiting pickup";
    const status = p.status.charAt(0).toUpperCase() + p.status.slice(1);
    return p.statusReason ? `${status}: ${p.statusReason}` : status;
  }
  if (p.bookingState === "cancelled") return "Cancelled";
  if (p.bookingState === "failed") return "Not booked";
  if (p.bookingState === "booking") return "Being booked…";
  return "Not known: check the courier's portal";
}

/** Whether one of these parcels is booked and waits for the courier to pick it up. */
export const awaitingPickup = (parcels: readonly Pick<ParcelView, "bookingState" | "status">[]): boolean =>
  parcels.some((p) => p.bookingState === "booked" && (p.status === null || p.status === "booked"));

/** The store's airway bills or load sheet of these orders, as a PDF the browser opens to print. */
export const printHref = (kind: "airway-bills" | "load-sheet", orderIds: readonly number[]) =>
  `/admin/parcels/${kind}.pdf?ids=${orderIds.join(",")}`;

/** The order page's forms that belong to its courier panel. */
export const isParcelIntent = (intent: string): boolean => intent.startsWith("parcel_");

/** A parcel the courier holds and has not yet picked up, or whose booking is still being settled. */
export const beforePickup = (p: Pick<ParcelView, "bookingState" | "status">): boolean =>
  ["booking", "unknown"].includes(p.bookingState) ||
  (p.bookingState === "booked" && (p.status === null || p.status === "booked"));
