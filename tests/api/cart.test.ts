import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { combinations, del, get, post, rows, setStock, simpleProducts, stockOf, type Item } from "../helpers/shop";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let sessionCounter = 0;
const newSession = () => `session_${Date.now()}_test${++sessionCounter}`;

async function addCombination(sessionId: string, item: Item, quantity: number) {
  return post(t, "/api/cart/flexible", {
    session_id: sessionId,
    product_id: item.productId,
    combination_id: item.combinationId,
    quantity,
    price: item.pricePaisa / 100,
  });
}

describe("POST /api/cart/flexible and GET /api/cart/flexible/{sessionId}", () => {
  it("adds a combination and answers lines in the spec's server cart shape", async () => {
    const [item] = await combinations(t, 5);
    await setStock(t, item!, 10);
    const sessionId = newSession();
    const added = await addCombination(sessionId, item!, 2);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      success: true,
      message: "Item added to cart successfully!",
      session_id: sessionId,
    });

    const cart = await get(t, `/api/cart/flexible/${sessionId}`);
    expect(cart.status).toBe(200);
    expect(cart.headers["cache-control"]).toBe("no-store");
    expect(cart.body).toHaveLength(1);
    const line = cart.body[0];
    for (const field of [
      "id",
      "product_id",
      "product",
      "price",
      "variant_attributes",
      "quantity",
      "combination",
      "combination_id",
    ]) {
      expect(line, field).toHaveProperty(field);
    }
    expect(line.product).toMatchObject({ name: item!.name });
    const [image] = await rows<{ url: string }>(
      t,
      sql`select image_url as url from product_images where product_id = ${item!.productId} order by is_primary desc, position, id limit 1`,
    );
    expect(line.product.image_url).toBe(image!.url);
    expect(line.product).toHaveProperty("daraz_link");
    expect(line.combination).toMatchObject({ id: item!.combinationId, stock_quantity: 10 });
    expect(line.combination_id).toBe(item!.combinationId);
    expect(line.quantity).toBe(2);
    expect(typeof line.variant_attributes).toBe("string");
    expect(Object.keys(JSON.parse(line.variant_attributes)).length).toBeGreaterThan(0);
    expect(cart.raw).toMatch(/"price":\d+\.\d\d[,}]/);
  });

  it("adds to the quantity of the same item instead of a second line", async () => {
    const [item] = await combinations(t, 5);
    await setStock(t, item!, 10);
    const sessionId = newSession();
    await addCombination(sessionId, item!, 1);
    await addCombination(sessionId, item!, 3);
    const cart = await get(t, `/api/cart/flexible/${sessionId}`);
    expect(cart.body).toHaveLength(1);
    expect(cart.body[0].quantity).toBe(4);
  });

  it("keeps the catalogue's price whatever price the page sends", async () => {
    const [item] = await combinations(t, 5);
    const sessionId = newSession();
    await post(t, "/api/cart/flexible", {
      session_id: sessionId,
      product_id: item!.productId,
      combination_id: item!.combinationId,
      quantity: 1,
      price: 1,
    });
    const cart = await get(t, `/api/cart/flexible/${sessionId}`);
    expect(cart.body[0].price).toBe(item!.pricePaisa / 100);
  });

  it("refuses more than the stock with the spec's messages, counting what is in the cart, and never takes stock", async () => {
    const [item] = await combinations(t, 5);
    await setStock(t, item!, 5);
    const sessionId = newSession();
    expect((await addCombination(sessionId, item!, 3)).status).toBe(200);
    const refused = await addCombination(sessionId, item!, 3);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("Only 5 items available in stock. You already have 3 in cart.");
    expect(refused.body).toMatchObject({ stock_quantity: 5, in_cart: 3 });
    expect(await stockOf(t, item!)).toBe(5);

    await setStock(t, item!, 0);
    const empty = await addCombination(newSession(), item!, 1);
    expect(empty.status).toBe(409);
    expect(empty.body.detail).toBe("Insufficient stock");
    await setStock(t, item!, 5);
  });

  it('says "1 item", not "1 items"', async () => {
    const [item] = await combinations(t, 1);
    await setStock(t, item!, 1);
    const refused = await addCombination(newSession(), item!, 2);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("Only 1 item available in stock.");
    await setStock(t, item!, 5);
  });

  it("holds at most the store's units of one item and at most 100 different items (the cart's caps)", async () => {
    const sessionId = newSession();
    const [item] = await combinations(t, 0, 1);
    await setStock(t, item!, 50);
    expect((await addCombination(sessionId, item!, 10)).status).toBe(200);
    const over = await addCombination(sessionId, item!, 1);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ detail: "You can order at most 10 of one item.", in_cart: 10, max_quantity: 0 });
    const overAtOnce = await addCombination(newSession(), item!, 11);
    expect(overAtOnce.body).toMatchObject({
      detail: "You can order at most 10 of one item.",
      in_cart: 0,
      max_quantity: 10,
    });

    // 100 different items fill a cart; the 101st is refused and nothing else changes
    const many = await combinations(t, 1, 101);
    expect(many).toHaveLength(101);
    const full = newSession();
    for (const c of many.slice(0, 100)) expect((await addCombination(full, c, 1)).status).toBe(200);
    const refused = await addCombination(full, many[100]!, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe("Your cart is full: it can hold up to 100 different items.");
    expect((await get(t, `/api/cart/flexible/${full}`)).body).toHaveLength(100);
    // more of an item already there still fits
    expect((await addCombination(full, many[0]!, 1)).status).toBe(200);
  });

  it("finds the combination from the chosen size and colour, and asks for all options when they are missing", async () => {
    const [combo] = await rows<{ productId: number; combinationId: number; attributes: Record<string, string> }>(
      t,
      sql`select product_id as "productId", id as "combinationId", variant_attributes as attributes
          from variant_combinations where stock > 0 and variant_attributes ? 'size' and variant_attributes ? 'color'
          order by id limit 1`,
    );
    const sessionId = newSession();
    const byOptions = await post(t, "/api/cart/flexible", {
      session_id: sessionId,
      product_id: combo!.productId,
      quantity: 1,
      size: combo!.attributes.size,
      variant: combo!.attributes.color,
    });
    expect(byOptions.status).toBe(200);
    expect(byOptions.body.item.combination_id).toBe(combo!.combinationId);

    const byJson = await post(t, "/api/cart/flexible", {
      session_id: sessionId,
      product_id: combo!.productId,
      quantity: 1,
      variant_attributes: JSON.stringify(combo!.attributes),
    });
    expect(byJson.status).toBe(200);
    expect((await get(t, `/api/cart/flexible/${sessionId}`)).body).toHaveLength(1);

    const missing = await post(t, "/api/cart/flexible", {
      session_id: sessionId,
      product_id: combo!.productId,
      quantity: 1,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toBe("Please select all variant options");
  });

  it("refuses a combination of another product", async () => {
    const [a] = await combinations(t, 1);
    const [other] = await rows<{ id: number }>(
      t,
      sql`select id from products where id <> ${a!.productId} order by id limit 1`,
    );
    const res = await post(t, "/api/cart/flexible", {
      session_id: newSession(),
      product_id: other!.id,
      combination_id: a!.combinationId,
      quantity: 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/combination_id/);
  });

  it("takes the AMP page's form post and makes a session when none is sent", async () => {
    const [simple] = await simpleProducts(t, 2);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/flexible",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `product_id=${simple!.productId}&quantity=1&price=${simple!.pricePaisa / 100}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.session_id).toMatch(/^session_\d+_[a-z0-9]+$/);
    expect(body.item).toMatchObject({
      product_id: simple!.productId,
      quantity: 1,
      combination: null,
      combination_id: null,
    });
    const cart = await get(t, `/api/cart/flexible/${body.session_id}`);
    expect(cart.body).toHaveLength(1);
  });

  it("takes the amp-form's multipart post too, and refuses a file in it", async () => {
    const [simple] = await simpleProducts(t, 1);
    const form = new FormData();
    form.set("product_id", String(simple!.productId));
    form.set("quantity", "2");
    form.set("price", String(simple!.pricePaisa / 100));
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/cart/flexible",
      headers: { "content-type": encoded.headers.get("content-type")! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().item).toMatchObject({ product_id: simple!.productId, quantity: 2 });

    form.set("photo", new Blob(["x"]), "x.txt");
    const withFile = new Response(form);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/cart/flexible",
      headers: { "content-type": withFile.headers.get("content-type")! },
      payload: Buffer.from(await withFile.arrayBuffer()),
    });
    expect(refused.statusCode).toBe(422);
    const garbled = await t.app.inject({
      method: "POST",
      url: "/api/cart/flexible",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
      payload: "not a multipart body",
    });
    expect(garbled.statusCode).toBe(400);
  });

  it("answers 422 for bad input and an empty list for an unknown session", async () => {
    expect((await get(t, "/api/cart/flexible/bad%20session!")).status).toBe(422);
    expect((await get(t, `/api/cart/flexible/${newSession()}`)).body).toEqual([]);
    const [item] = await combinations(t, 1);
    const zero = await addCombination(newSession(), item!, 0);
    expect(zero.status).toBe(422);
    expect(zero.body.detail).toMatch(/quantity/);
    const tooMany = await addCombination(newSession(), item!, 100);
    expect(tooMany.status).toBe(422);
    const missingProduct = await post(t, "/api/cart/flexible", {
      session_id: newSession(),
      product_id: 99_999_999,
      quantity: 1,
    });
    expect(missingProduct.status).toBe(404);
  });
});

describe("POST /api/check-stock", () => {
  it("answers available with the stock and what the session already has", async () => {
    const [item] = await combinations(t, 5);
    await setStock(t, item!, 6);
    const sessionId = newSession();
    await addCombination(sessionId, item!, 2);
    const ok = await post(t, "/api/check-stock", {
      combination_id: item!.combinationId,
      quantity: 4,
      session_id: sessionId,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ available: true, stock_quantity: 6, in_cart: 2, max_quantity: 4 });

    const tooMany = await post(t, "/api/check-stock", {
      combination_id: item!.combinationId,
      quantity: 5,
      session_id: sessionId,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      detail: "Only 6 items available in stock. You already have 2 in cart.",
      available: false,
      in_cart: 2,
    });

    // without a session nothing is in the cart
    const fresh = await post(t, "/api/check-stock", { combination_id: item!.combinationId, quantity: 6 });
    expect(fresh.status).toBe(200);
  });

  it("checks a product without combinations by product_id, and needs one of the ids", async () => {
    const [simple] = await simpleProducts(t, 1);
    const ok = await post(t, "/api/check-stock", { product_id: simple!.productId, quantity: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.stock_quantity).toBe(simple!.stock);
    expect((await post(t, "/api/check-stock", { quantity: 1 })).status).toBe(422);
    expect((await post(t, "/api/check-stock", { combination_id: 99_999_999, quantity: 1 })).status).toBe(404);
  });

  it("says out of stock with the spec's detail", async () => {
    const [item] = await combinations(t, 0);
    await setStock(t, item!, 0);
    const res = await post(t, "/api/check-stock", { combination_id: item!.combinationId, quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("Insufficient stock");
  });
});

describe("removing lines", () => {
  it("removes a combination line, a product line by its variant details, and clears the cart", async () => {
    const [a, b] = await combinations(t, 3, 2);
    const [simple] = await simpleProducts(t, 3);
    const sessionId = newSession();
    await addCombination(sessionId, a!, 1);
    await addCombination(sessionId, b!, 1);
    await post(t, "/api/cart/flexible", {
      session_id: sessionId,
      product_id: simple!.productId,
      quantity: 1,
      variant_attributes: { note: "gift" },
    });
    await post(t, "/api/cart/flexible", { session_id: sessionId, product_id: simple!.productId, quantity: 1 });
    expect((await get(t, `/api/cart/flexible/${sessionId}`)).body).toHaveLength(4);

    const removed = await del(t, `/api/cart/session/${sessionId}/combination/${a!.combinationId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, removed: 1 });

    const byDetails = await del(t, `/api/cart/session/${sessionId}/product/${simple!.productId}`, {
      variant_details: JSON.stringify({ note: "gift" }),
    });
    expect(byDetails.body.removed).toBe(1);
    const lines = (await get(t, `/api/cart/flexible/${sessionId}`)).body;
    expect(lines.map((l: { product_id: number }) => l.product_id).sort()).toEqual(
      [b!.productId, simple!.productId].sort(),
    );

    // a DELETE that declares JSON but sends no body is fine
    const cleared = await t.app.inject({
      method: "DELETE",
      url: `/api/cart/${sessionId}`,
      headers: { "content-type": "application/json" },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().removed).toBe(2);
    expect((await get(t, `/api/cart/flexible/${sessionId}`)).body).toEqual([]);
    // removing again is harmless
    expect((await del(t, `/api/cart/${sessionId}`)).status).toBe(200);
  });
});
