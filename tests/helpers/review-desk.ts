// The review moderation tests: one store a file (with the pages when built) with staff of each
// kind, reviews written as shoppers write them, and the moderation calls and audit rows.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { REVIEW_LIMITS } from "../../core/catalog/reviews";
import { freshIp, registerShopper, type TestShopper } from "./accounts";
import { owner, staffCall, startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { count, rows } from "./shop";

export { catalogue, manager, owner, packer, staffCall, t } from "./order-desk";
export let shopper: TestShopper;
let productIds: number[];
let next = 0;
export const pages = hasPageBuild();

export const freshProduct = () => {
  const id = productIds[next++];
  if (id === undefined) throw new Error("out of demo products");
  return id;
};

let serial = 0;
export async function postReview(productId: number, headers: Record<string, string> = {}, rating = 4, tag = "lawn") {
  const words = `Lovely ${tag} fabric, review ${++serial}`;
  const res = await t.app.inject({
    method: "POST",
    url: `/api/products/${productId}/reviews`,
    payload: { rating, review_text: words, reviewer_name: `Ayesha ${serial}` },
    headers,
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    ...(res.json() as { id: number; awaiting_moderation?: boolean; is_approved?: boolean; message?: string }),
    words,
  };
}

export async function setHeld(value: string) {
  const res = await staffCall(owner, "PUT", "/api/admin/settings/reviews", { reviews_held_for_moderation: value });
  expect(res.statusCode, res.body).toBe(200);
}

/** What a shopper sees: the product's reviews and count through the API, and its page when built. */
export async function shown(productId: number) {
  const list = (await t.app.inject({ method: "GET", url: `/api/products/${productId}/reviews` })).json() as {
    review_text: string;
  }[];
  const product = (await t.app.inject({ method: "GET", url: `/api/products/${productId}` })).json();
  const page = pages ? (await t.app.inject({ method: "GET", url: `/product/${productId}` })).body : null;
  return { texts: list.map((r) => r.review_text), count: product.review_count as number, page };
}

export const audits = (action: string, reviewId: number) =>
  count(
    t,
    sql`select count(*) as n from audit_log where action = ${action} and entity_type = 'review' and entity_id = ${String(reviewId)}`,
  );

export function startReviewStore() {
  // with the pages built, the product page is checked too, through the page cache as shipped
  startOrderDesk({ app: withPages({ cacheMs: 60_000 }), members: ["manager", "catalogue", "fulfilment"] }, async () => {
    REVIEW_LIMITS.perAddressAndProduct.limit = 10_000;
    REVIEW_LIMITS.perAddress.limit = 10_000;
    REVIEW_LIMITS.guestsPerProduct.limit = 10_000;
    shopper = await registerShopper(t.app);
    productIds = (await rows<{ id: number }>(t, sql`select id from products where is_active order by id`)).map(
      (r) => r.id,
    );
  });
}
