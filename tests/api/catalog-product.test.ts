// One product through the public API: by id and custom URL, similar and recommended products,
// the stock of a combination, and shoppers' reviews. The product list and collections are in
// catalog.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerShopper } from "../helpers/accounts";
import { readApi } from "../helpers/read-api";

const { t, get, rows } = readApi();

describe("one product", () => {
  it("answers by id and by custom URL, with reviews", async () => {
    const [p] = await rows<{ id: number; custom_url: string }>(
      sql`select id, custom_url from products where custom_url is not null and review_count > 0 order by id limit 1`,
    );
    const byId = await get(`/api/products/${p!.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.id).toBe(p!.id);
    expect(byId.body.reviews.length).toBeGreaterThan(0);
    expect(byId.body.images.filter((i: { is_primary: boolean }) => i.is_primary)).toHaveLength(1);
    const byUrl = await get(`/api/products/by-url/${p!.custom_url}`);
    expect(byUrl.body.id).toBe(p!.id);
  });

  it("answers 404 with a detail for a missing product", async () => {
    for (const url of [
      "/api/products/999999",
      "/api/products/by-url/no-such-product",
      "/api/products/999999/similar",
      "/api/products/999999/reviews",
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.detail).toBe("Product not found");
    }
  });

  it("answers 422 for an id that is not a positive whole number", async () => {
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await get(`/api/products/${id}`);
      expect(res.status, id).toBe(422);
      expect(res.body.detail).toContain("id");
    }
  });

  it("lists similar products from the same collection, without the product itself", async () => {
    const [p] = await rows<{ id: number }>(
      sql`select product_id as id from collection_products order by product_id limit 1`,
    );
    const { body } = await get(`/api/products/${p!.id}/similar?limit=4`);
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(4);
    expect(body.map((x: { id: number }) => x.id)).not.toContain(p!.id);
  });

  it("recommends in-stock products up to the limit", async () => {
    const { body } = await get("/api/products/recommended?limit=4");
    expect(body).toHaveLength(4);
    for (const p of body) expect(p.stock).toBeGreaterThan(0);
    expect((await get("/api/products/recommended?limit=0")).status).toBe(422);
  });

  it("does not recommend a product whose combinations are sold out", async () => {
    const [top] = (await get("/api/products/recommended?limit=1")).body;
    expect(top.variant_combinations.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`update variant_combinations set stock = 0 where product_id = ${top.id}`);
    const after = (await get("/api/products/recommended?limit=50")).body.map((p: { id: number }) => p.id);
    expect(after).not.toContain(top.id);
  });

  it("answers the stock and price of a combination, uncached", async () => {
    const [c] = await rows<{ id: number; stock: number; price_paisa: number }>(
      sql`select id, stock, price_paisa from variant_combinations order by id limit 1`,
    );
    const res = await get(`/api/variant-combination/${c!.id}/quantity`);
    expect(res.status).toBe(200);
    expect(res.body.stock_quantity).toBe(c!.stock);
    expect(res.body.price).toBe(c!.price_paisa / 100);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect((await get("/api/variant-combination/99999999/quantity")).status).toBe(404);
  });

  it("keeps the stock of a hidden product to itself, as it does the product", async () => {
    const [c] = await rows<{ id: number; product_id: number }>(
      sql`select id, product_id from variant_combinations where stock > 0 order by id desc limit 1`,
    );
    await t.database.db.execute(sql`update products set is_active = false where id = ${c!.product_id}`);
    t.core.cache.clear();
    try {
      expect((await get(`/api/products/${c!.product_id}`)).status).toBe(404);
      const res = await get(`/api/variant-combination/${c!.id}/quantity`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Variant combination not found" });
      const check = await t.app.inject({
        method: "POST",
        url: "/api/check-stock",
        payload: { combination_id: c!.id, quantity: 1 },
      });
      expect(check.statusCode).toBe(404);
      expect(check.body).not.toMatch(/stock_quantity/);
    } finally {
      await t.database.db.execute(sql`update products set is_active = true where id = ${c!.product_id}`);
      t.core.cache.clear();
    }
  });
});

describe("reviews", () => {
  it("stores a review, puts it first and updates the average and count", async () => {
    const [p] = await rows<{ id: number }>(sql`select id from products order by id desc limit 1`);
    const before = (await get(`/api/products/${p!.id}`)).body;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/products/${p!.id}/reviews`,
      payload: {
        rating: 1,
        review_text: "<script>alert(1)</script> Stitching came apart",
        reviewer_name: "  Ayesha  ",
      },
    });
    expect(res.statusCode).toBe(201);
    const review = res.json();
    expect(review.reviewer_name).toBe("Ayesha");
    expect(review.review_text).toBe("<script>alert(1)</script> Stitching came apart");
    expect(review.is_guest).toBe(true);
    const after = (await get(`/api/products/${p!.id}`)).body;
    expect(after.review_count).toBe(before.review_count + 1);
    const list = (await get(`/api/products/${p!.id}/reviews`)).body;
    expect(list[0].id).toBe(review.id);
    const [{ avg }] = (await rows<{ avg: number }>(
      sql`select round(avg(rating)::numeric, 1)::float as avg from reviews where product_id = ${p!.id}`,
    )) as [{ avg: number }];
    expect(after.average_rating).toBeCloseTo(avg, 5);
  });

  it("validates rating, text and name", async () => {
    const [p] = await rows<{ id: number }>(sql`select id from products order by id limit 1`);
    const cases: [unknown, string][] = [
      [{ rating: 6, review_text: "x", reviewer_name: "A" }, "rating"],
      [{ rating: 0, review_text: "x", reviewer_name: "A" }, "rating"],
      [{ rating: 4.5, review_text: "x", reviewer_name: "A" }, "rating"],
      [{ rating: "5", review_text: "x", reviewer_name: "A" }, "rating"],
      [{ rating: 5, review_text: "   ", reviewer_name: "A" }, "review_text"],
      [{ rating: 5, reviewer_name: "A" }, "review_text"],
      [{ rating: 5, review_text: "x".repeat(2001), reviewer_name: "A" }, "review_text"],
      [{ rating: 5, review_text: "fine" }, "Please enter your name"],
      [{ rating: 5, review_text: "fine", reviewer_name: "n".repeat(81) }, "reviewer_name"],
    ];
    for (const [payload, expected] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/products/${p!.id}/reviews`,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail).toContain(expected);
    }
    const [{ n }] = (await rows<{ n: number }>(
      sql`select count(*)::int as n from reviews where review_text = 'fine'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it("links a signed-in shopper's review to the account, and takes a stale token as a guest", async () => {
    const [p] = await rows<{ id: number }>(sql`select id from products order by id limit 1`);
    const shopper = await registerShopper(t.app, { first_name: "Hina", last_name: "Raza" });
    const payload = { rating: 4, review_text: "Lovely fabric", reviewer_name: "Hina" };
    const signedIn = await t.app.inject({
      method: "POST",
      url: `/api/products/${p!.id}/reviews`,
      headers: shopper.auth,
      payload,
    });
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json()).toMatchObject({ is_guest: false, user: { first_name: "Hina", last_name: "Raza" } });
    const stale = await t.app.inject({
      method: "POST",
      url: `/api/products/${p!.id}/reviews`,
      headers: { authorization: "Bearer not-a-live-token" },
      payload,
    });
    expect(stale.statusCode).toBe(201);
    expect(stale.json()).toMatchObject({ is_guest: true, user: null });
  });

  it("answers 404 for a review of a missing product, and writes nothing", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products/999999/reviews",
      payload: { rating: 5, review_text: "ghost", reviewer_name: "A" },
    });
    expect(res.statusCode).toBe(404);
    const [{ n }] = (await rows<{ n: number }>(
      sql`select count(*)::int as n from reviews where review_text = 'ghost'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });
});
