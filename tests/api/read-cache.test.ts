// The catalogue read cache as shipped (decision 0016), not switched off for tests: answers are reused for
// CATALOG_CACHE_SECONDS, headers such as x-total-count with them, and the writes a shopper can
// make clear what they change at once. A change made behind the app's back (straight in the
// database) shows only after a clear: that is how these tests see the cache at work.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { createTestApp, type TestApp } from "../helpers/app";
import { combinations, get, orderPayload, post, setStock, simpleProducts } from "../helpers/shop";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  RATE_LIMITS.orders.limit = 10_000;
});
afterAll(async () => {
  await t?.close();
});

describe("the read cache", () => {
  it("is on, as in production", async () => {
    expect(t.core.cache.ttl).toBeGreaterThan(0);
  });

  it("reuses an answer until something clears it", async () => {
    const [item] = await simpleProducts(t, 1);
    const url = `/api/products/${item!.productId}`;
    const first = await get(t, url);
    await t.database.db.execute(
      sql`update products set name = 'Renamed behind the back' where id = ${item!.productId}`,
    );
    expect((await get(t, url)).body.name).toBe(first.body.name);
    t.core.cache.clear();
    expect((await get(t, url)).body.name).toBe("Renamed behind the back");
    await t.database.db.execute(sql`update products set name = ${first.body.name} where id = ${item!.productId}`);
    t.core.cache.clear();
  });

  it("keeps x-total-count with the list it counts", async () => {
    const first = await get(t, "/api/products?limit=1");
    const total = Number(first.headers["x-total-count"]);
    expect(total).toBeGreaterThan(1);
    const [hide] = await simpleProducts(t, 0);
    await t.database.db.execute(sql`update products set is_active = false where id = ${hide!.productId}`);
    const again = await get(t, "/api/products?limit=1");
    expect(Number(again.headers["x-total-count"])).toBe(total);
    expect(again.raw).toBe(first.raw);
    t.core.cache.clear();
    expect(Number((await get(t, "/api/products?limit=1")).headers["x-total-count"])).toBe(total - 1);
    await t.database.db.execute(sql`update products set is_active = true where id = ${hide!.productId}`);
    t.core.cache.clear();
  });

  it("shows an order's stock at once: placing an order clears the product's answers", async () => {
    const [item] = await combinations(t, 0, 1);
    await setStock(t, item!, 7);
    t.core.cache.clear();
    const url = `/api/products/${item!.productId}`;
    const stockOf = async () =>
      (await get(t, url)).body.variant_combinations.find((c: { id: number }) => c.id === item!.combinationId)
        .stock_quantity;
    expect(await stockOf()).toBe(7);
    const placed = await post(t, "/api/orders", orderPayload([{ item: item!, quantity: 2 }]));
    expect(placed.status).toBe(201);
    expect(await stockOf()).toBe(5);
  });

  it("shows a new review's count, average and text at once", async () => {
    const [item] = await simpleProducts(t, 0);
    const url = `/api/products/${item!.productId}`;
    const before = (await get(t, url)).body;
    const reviewsBefore = (await get(t, `${url}/reviews`)).body;
    const posted = await post(t, `${url}/reviews`, { rating: 1, review_text: "Fresh review", reviewer_name: "Hina" });
    expect(posted.status).toBe(201);
    const after = (await get(t, url)).body;
    expect(after.review_count).toBe(before.review_count + 1);
    // a one-star review pulls the average down (or makes it 1 for a first review)
    if (before.review_count === 0) expect(after.average_rating).toBe(1);
    else expect(after.average_rating).toBeLessThan(before.average_rating);
    const reviewsAfter = (await get(t, `${url}/reviews`)).body;
    expect(reviewsAfter).toHaveLength(reviewsBefore.length + 1);
    expect(reviewsAfter[0].review_text).toBe("Fresh review");
  });
});
