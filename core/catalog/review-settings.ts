// Which new reviews wait for staff before they show (decision 0061): none
// (the default: every review shows at once, as before), guests' only, or all. The owner's choice.
import type { CoreContext } from "../context";
import { invalid } from "../shared/errors";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import type { StaffActor } from "../shared/permissions";
import { REVIEWS_HELD_CHOICES, type ReviewsHeld } from "./review-states";
import { getSiteSettings, setOneSetting } from "../settings/site-settings";

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
  // the settings are cached with the catalogue's reads; a review posted next must see the new rule
  await staffWrite(ctx, actor, "settings", async (scope) => {
    const changed = await setOneSetting(scope, "reviewsHeldForModeration", value, {
      entityId: "reviews",
      field: "reviews_held_for_moderation",
    });
    if (!changed) scope.keepCache();
  });
  return value;
}
