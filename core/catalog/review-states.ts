// Words of review moderation (decision 0061) that the console's pages share with core.
// Browser-safe: no database here, so a route component may import it.

/** The queue's tabs: waiting (never checked), published, hidden (checked and kept off the page), all. */
export const REVIEW_STATUSES = ["waiting", "published", "hidden", "all"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The owner's setting: which new reviews wait for staff before they show. */
export const REVIEWS_HELD_CHOICES = ["none", "guests", "all"] as const;
export type ReviewsHeld = (typeof REVIEWS_HELD_CHOICES)[number];

export const REVIEWS_HELD_LABELS: Record<ReviewsHeld, string> = {
  none: "None: every review shows at once",
  guests: "Guests' reviews: checked before they show; signed-in shoppers' show at once",
  all: "All reviews: checked before they show",
};

/** Added to a posted review's answer when it waits: the spec's own success words stay as they are. */
export const REVIEW_HELD_NOTE = "Your review will show on the product page after the shop checks it.";
