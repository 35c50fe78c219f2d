// Where an order came from, as staff read it (decisions 0055 and 0057). Browser-safe: the
// console's pages show these labels, so nothing here may pull in the database.
import type { OrderSource } from "../../db/schema";

/** The sources a staff member may record for an order they type in: never "website". */
export const MANUAL_ORDER_SOURCES = [
  "phone",
  "whatsapp",
  "instagram",
  "other",
] as const satisfies readonly OrderSource[];
export type ManualOrderSource = (typeof MANUAL_ORDER_SOURCES)[number];

export const SOURCE_LABELS: Record<OrderSource, string> = {
  website: "Website",
  phone: "Phone",
  whatsapp: "WhatsApp",
  instagram: "Instagram",
  other: "Other",
};

export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source as OrderSource] ?? source;
}
