// A product's custom URL (/p/summer-lawn-kurta): what it may hold, and whether another product
// has it. The editor asks while staff type; a save checks again inside its transaction.
import { and, eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { products } from "../../db/schema";
import { AppError } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { slugify } from "../shared/slug";
import { requirePermission } from "../shared/staff-errors";
import { LIMITS } from "./product-options";

export const urlTakenMessage = (url: string, by: string) => `The custom URL “${url}” is already used by “${by}”.`;
export const URL_RULES =
  "Custom URL may hold only lowercase letters, digits and single hyphens, such as summer-lawn-kurta.";

/** null when the text is a usable custom URL, else why not. */
export function customUrlProblem(url: string): string | null {
  if (url.length > LIMITS.customUrl) return `Custom URL must be at most ${LIMITS.customUrl} characters.`;
  if (slugify(url) !== url || url.includes("--")) return URL_RULES;
  return null;
}

export interface UrlCheck {
  url: string;
  available: boolean;
  /** a slug made from what was typed, when it was not one */
  suggestion: string | null;
  message: string;
}

/** Is this custom URL free for this product (exclude: the product being edited)? */
export async function checkCustomUrl(
  ctx: CoreContext,
  actor: StaffActor,
  url: string,
  excludeId?: number,
): Promise<UrlCheck> {
  requirePermission(actor, "products");
  const text = url.trim();
  if (text === "")
    return { url: text, available: true, suggestion: null, message: "No custom URL: the product's number is used." };
  const problem = customUrlProblem(text);
  if (problem) {
    const suggestion = slugify(text.slice(0, 200)) || null;
    return { url: text, available: false, suggestion, message: problem };
  }
  const [taken] = await ctx.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.customUrl, text), excludeId !== undefined ? sql`${products.id} <> ${excludeId}` : undefined))
    .limit(1);
  if (taken) return { url: text, available: false, suggestion: null, message: urlTakenMessage(text, taken.name) };
  return { url: text, available: true, suggestion: null, message: `/p/${text} is free.` };
}

/** 409 when another product already has this custom URL. */
export async function ensureUrlFree(tx: Db, url: string | null, productId: number | null) {
  if (url === null) return;
  const [taken] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.customUrl, url), productId !== null ? sql`${products.id} <> ${productId}` : undefined))
    .limit(1);
  if (taken) throw new AppError(409, `custom_url: ${urlTakenMessage(url, taken.name)}`);
}
