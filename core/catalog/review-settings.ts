// Which new reviews wait for staff before they show (issue 14, point 7; decision 0061): none
// (the default: every review shows at once, as before), guests' only, or all. The owner's choice.
import { eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { siteSettings } from "../../db/schema";
import { invalid } from "../shared/errors";
import { recordAudit, whoIs } from "../shared/audit";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { REVIEWS_HELD_CHOICES, type ReviewsHeld } from "./review-states";
import { getSiteSettings } from "../settings/site-settings";

export { REVIEWS_HELD_CHOICES, type ReviewsHeld };

const isChoice = (value: unknown): value is ReviewsHeld =>
  typeof value === "string" && (REVIEWS_HELD_CHOICES as readonly string[]).includes(value);

/** Which new reviews the shop checks before they show. */
export async function getReviewModeration(ctx: CoreContext, actor: StaffActor): Promise<ReviewsHeld> {
  requirePermission(actor, "settings");
  const held = (await getSiteSettings(ctx)).reviewsHeldForModeration;
  return isChoice(held) ? held : "none";
}

/** Sets it; audited when it changes, and this process's cached settings are dropped at once. */
export async function setReviewModeration(ctx: CoreContext, actor: StaffActor, value: unknown): Promise<ReviewsHeld> {
  requirePermission(actor, "settings");
  if (!isChoice(value)) throw invalid(`reviews_held_for_moderation must be one of: ${REVIEWS_HELD_CHOICES.join(", ")}`);
  const changed = await ctx.db.transaction(async (tx) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx
      .select({ held: siteSettings.reviewsHeldForModeration })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for("update");
    if (before!.held === value) return false;
    await tx
      .update(siteSettings)
      .set({ reviewsHeldForModeration: value, updatedAt: sql`now()` })
      .where(eq(siteSettings.id, 1));
    await recordAudit(tx, whoIs(actor), {
      action: "settings.update",
      entityType: "settings",
      entityId: "reviews",
      changes: { reviews_held_for_moderation: [before!.held, value] },
    });
    return true;
  });
  // the settings are cached with the catalogue's reads; a review posted next must see the new rule
  if (changed) ctx.cache.clear();
  return value;
}
