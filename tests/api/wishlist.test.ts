import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WISHLIST_LIMIT } from "../../core/accounts/wishlist";
import { createTestApp, type TestApp } from "../helpers/app";
import { registerShopper, type TestShopper } from "../helpers/accounts";

let t: TestApp;
let productIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  const result = (await t.database.db.execute(sql`select id from products where is_active order by id limit 4`)) as {
    rows: unknown[];
  };
  productIds = (result.rows as { id: number }[]).map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

async function call(method: "GET" | "POST" | "DELETE", url: string, shopper?: TestShopper) {
  const res = await t.app.inject({ method, url, headers: shopper?.auth });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, raw: res.body, headers: res.headers };
}

const ids = (list: { product: { id: number } }[]) => list.map((e) => e.product.id);

describe("wishlist", () => {
  it("needs a signed-in user for every call", async () => {
    for (const [method, url] of [
      ["GET", "/api/users/wishlist"],
      ["POST", `/api/users/wishlist/${productIds[0]}`],
      ["DELETE", `/api/users/wishlist/${productIds[0]}`],
    ] as const) {
      const res = await call(method, url);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.detail).toBe("Please sign in to continue.");
    }
  });

  it("starts empty, adds products newest first and answers them in the product shape", async () => {
    const shopper = await registerShopper(t.app);
    expect((await call("GET", "/api/users/wishlist", shopper)).body).toEqual([]);

    const [first, second] = productIds as [number, number];
    const added = await call("POST", `/api/users/wishlist/${first}`, shopper);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ product_id: first, in_wishlist: true, added_at: expect.any(String) });
    // a minute between the two adds, without waiting one: newest first must not rest on ids
    await t.database.db.execute(
      sql`update wishlist_entries set added_at = added_at - interval '1 minute' where user_id = ${shopper.id}`,
    );
    expect((await call("POST", `/api/users/wishlist/${second}`, shopper)).status).toBe(201);

    const { status, body, raw, headers } = await call("GET", "/api/users/wishlist", shopper);
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("no-store");
    expect(ids(body)).toEqual([second, first]);
    const entry = body[1];
    expect(Date.parse(entry.added_at)).toBe(Date.parse(added.body.added_at) - 60_000);
    for (const field of ["id", "name", "description", "price", "image_url", "stock_quantity", "custom_url"]) {
      expect(entry.product, field).toHaveProperty(field);
    }
    expect(entry.product.id).toBe(first);
    expect(raw).toMatch(/"price":\d+\.\d\d[,}]/);
  });

  it("adding twice keeps one entry and answers 200 the second time", async () => {
    const shopper = await registerShopper(t.app);
    const first = await call("POST", `/api/users/wishlist/${productIds[0]}`, shopper);
    const again = await call("POST", `/api/users/wishlist/${productIds[0]}`, shopper);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.added_at).toBe(first.body.added_at);
    expect(ids((await call("GET", "/api/users/wishlist", shopper)).body)).toEqual([productIds[0]]);
  });

  it("removes, and removing again or removing what was never there is still 204", async () => {
    const shopper = await registerShopper(t.app);
    await call("POST", `/api/users/wishlist/${productIds[0]}`, shopper);
    await call("POST", `/api/users/wishlist/${productIds[1]}`, shopper);
    const removed = await call("DELETE", `/api/users/wishlist/${productIds[0]}`, shopper);
    expect(removed.status).toBe(204);
    expect(removed.raw).toBe("");
    expect((await call("DELETE", `/api/users/wishlist/${productIds[0]}`, shopper)).status).toBe(204);
    expect((await call("DELETE", `/api/users/wishlist/${productIds[3]}`, shopper)).status).toBe(204);
    expect(ids((await call("GET", "/api/users/wishlist", shopper)).body)).toEqual([productIds[1]]);
  });

  it("answers 404 for a product that does not exist and 422 for an id that is not one", async () => {
    const shopper = await registerShopper(t.app);
    const missing = await call("POST", "/api/users/wishlist/999999", shopper);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Product not found");
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      expect((await call("POST", `/api/users/wishlist/${bad}`, shopper)).status, bad).toBe(422);
      expect((await call("DELETE", `/api/users/wishlist/${bad}`, shopper)).status, bad).toBe(422);
    }
    expect((await call("GET", "/api/users/wishlist", shopper)).body).toEqual([]);
  });

  it("never touches another shopper's list, whatever product ids are sent", async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    await call("POST", `/api/users/wishlist/${productIds[0]}`, a);
    await call("POST", `/api/users/wishlist/${productIds[1]}`, a);
    // b removes the same product ids: only b's (empty) list is affected
    expect((await call("DELETE", `/api/users/wishlist/${productIds[0]}`, b)).status).toBe(204);
    await call("POST", `/api/users/wishlist/${productIds[2]}`, b);
    expect(ids((await call("GET", "/api/users/wishlist", a)).body).sort()).toEqual(
      [productIds[0], productIds[1]].sort(),
    );
    expect(ids((await call("GET", "/api/users/wishlist", b)).body)).toEqual([productIds[2]]);
    // there is no user id in any wishlist call to tamper with; a query string one is ignored
    const res = await t.app.inject({ method: "GET", url: `/api/users/wishlist?user_id=${a.id}`, headers: b.auth });
    expect(ids(res.json())).toEqual([productIds[2]]);
  });

  it("leaves out products taken off sale and refuses to add them", async () => {
    const shopper = await registerShopper(t.app);
    const [keep, hide] = [productIds[0], productIds[3]] as [number, number];
    await call("POST", `/api/users/wishlist/${keep}`, shopper);
    await call("POST", `/api/users/wishlist/${hide}`, shopper);
    await t.database.db.execute(sql`update products set is_active = false where id = ${hide}`);
    try {
      expect(ids((await call("GET", "/api/users/wishlist", shopper)).body)).toEqual([keep]);
      expect((await call("POST", `/api/users/wishlist/${hide}`, shopper)).status).toBe(404);
    } finally {
      await t.database.db.execute(sql`update products set is_active = true where id = ${hide}`);
    }
    expect(ids((await call("GET", "/api/users/wishlist", shopper)).body)).toEqual([hide, keep]);
  });

  it("holds a limited number of products", async () => {
    const shopper = await registerShopper(t.app);
    const saved = WISHLIST_LIMIT.max;
    WISHLIST_LIMIT.max = 2;
    try {
      await call("POST", `/api/users/wishlist/${productIds[0]}`, shopper);
      await call("POST", `/api/users/wishlist/${productIds[1]}`, shopper);
      // adding one already there is still fine
      expect((await call("POST", `/api/users/wishlist/${productIds[1]}`, shopper)).status).toBe(200);
      const full = await call("POST", `/api/users/wishlist/${productIds[2]}`, shopper);
      expect(full.status).toBe(422);
      expect(full.body.detail).toBe("Your wishlist is full (2 items). Remove something first.");
    } finally {
      WISHLIST_LIMIT.max = saved;
    }
  });
});
