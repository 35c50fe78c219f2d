// A product's photos after upload, through the staff API (decision 0063): reorder, alt text, main
// photo and delete show on the product at once; another product's photo is 404; fulfilment is
// refused.
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PHOTO_LIMITS } from "../../core/media/photo-rules";
import { count, rows } from "../helpers/shop";
import {
  t,
  catalogue,
  packer,
  freshProduct,
  small,
  upload,
  type Photo,
  fileOf,
  storefront,
  startProductPhotosStore,
} from "../helpers/product-photos";

startProductPhotosStore();

describe("order, alt text, main photo and delete", () => {
  async function productWithPhotos(n: number) {
    const productId = freshProduct();
    await t.core.db.execute(sql`delete from product_images where product_id = ${productId}`);
    const files = await Promise.all(
      Array.from({ length: n }, async (_, i) => ({ name: `p${i}.jpg`, bytes: await small("jpeg", 300 + i, 400) })),
    );
    const res = await upload(catalogue, productId, files);
    expect(res.statusCode, res.body).toBe(201);
    return { productId, photos: res.json() as Photo[] };
  }

  it("reorders: the first becomes main, on the storefront at once", async () => {
    const { productId, photos } = await productWithPhotos(3);
    const order = [photos[2]!.id, photos[0]!.id, photos[1]!.id];
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${productId}/photos/order`,
      headers: catalogue.auth,
      payload: { photo_ids: order },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Photo[]).map((p) => [p.id, p.position, p.is_primary])).toEqual([
      [order[0], 0, true],
      [order[1], 1, false],
      [order[2], 2, false],
    ]);
    const shown = await storefront(productId);
    expect(shown.image_url).toBe(photos[2]!.url);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'product.photos_reorder' and entity_id = ${String(productId)}`,
      ),
    ).toBe(1);

    // a list that leaves one out is out of date: 409; a repeated id: 422
    const partial = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${productId}/photos/order`,
      headers: catalogue.auth,
      payload: { photo_ids: order.slice(0, 2) },
    });
    expect(partial.statusCode).toBe(409);
    const twice = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${productId}/photos/order`,
      headers: catalogue.auth,
      payload: { photo_ids: [order[0], order[0], order[1]] },
    });
    expect(twice.statusCode).toBe(422);
    const hostile = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${productId}/photos/order`,
      headers: catalogue.auth,
      payload: { photo_ids: [1e20, "x"] },
    });
    expect(hostile.statusCode).toBe(422);
    expect(hostile.json().detail).toContain("photo_ids");
  });

  it("sets alt text and the main photo; refuses what is too long or holds control characters", async () => {
    const { productId, photos } = await productWithPhotos(2);
    const url = `/api/admin/products/${productId}/photos/${photos[1]!.id}`;
    const res = await t.app.inject({
      method: "PATCH",
      url,
      headers: catalogue.auth,
      payload: { alt_text: "  Back view,   embroidered  neckline ", is_primary: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ alt_text: "Back view, embroidered neckline", is_primary: true, position: 0 });
    const shown = await storefront(productId);
    expect(shown.image_url).toBe(photos[1]!.url);
    expect(shown.images.find((i) => i.image_url === photos[1]!.url)?.alt_text).toBe("Back view, embroidered neckline");

    const long = await t.app.inject({
      method: "PATCH",
      url,
      headers: catalogue.auth,
      payload: { alt_text: "x".repeat(251) },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail).toBe(`alt_text must be at most ${PHOTO_LIMITS.altText} characters`);
    const huge = await t.app.inject({
      method: "PATCH",
      url,
      headers: catalogue.auth,
      payload: { alt_text: "x".repeat(1_000_000) },
    });
    expect(huge.statusCode).toBe(413);
    const nul = await t.app.inject({
      method: "PATCH",
      url,
      headers: catalogue.auth,
      payload: { alt_text: "a\u0000b" },
    });
    expect([400, 422]).toContain(nul.statusCode);
    const notMain = await t.app.inject({
      method: "PATCH",
      url,
      headers: catalogue.auth,
      payload: { is_primary: false },
    });
    expect(notMain.statusCode).toBe(422);
    const nothing = await t.app.inject({ method: "PATCH", url, headers: catalogue.auth, payload: {} });
    expect(nothing.statusCode).toBe(422);
  });

  it("deletes a photo and its files after the rows; the next becomes main", async () => {
    const { productId, photos } = await productWithPhotos(2);
    const files = [400, 800, 1200].map((w) => fileOf(photos[0]!.url.replace("-800.", `-${w}.`)));
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${productId}/photos/${photos[0]!.id}`,
      headers: catalogue.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: photos[0]!.id, deleted: true, files_deleted: true });
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    const shown = await storefront(productId);
    expect(shown.images.map((i) => [i.image_url, i.is_primary])).toEqual([[photos[1]!.url, true]]);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${productId}/photos/${photos[0]!.id}`,
      headers: catalogue.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'product.photo_delete' and entity_id = ${String(productId)}`,
      ),
    ).toBe(1);
  });

  it("answers 404 for another product's photo, and changes nothing", async () => {
    const a = await productWithPhotos(1);
    const b = await productWithPhotos(1);
    const theirs = b.photos[0]!.id;
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/products/${a.productId}/photos/${theirs}`,
      headers: catalogue.auth,
      payload: { alt_text: "mine now" },
    });
    expect(patch.statusCode).toBe(404);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${a.productId}/photos/${theirs}`,
      headers: catalogue.auth,
    });
    expect(del.statusCode).toBe(404);
    const order = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${a.productId}/photos/order`,
      headers: catalogue.auth,
      payload: { photo_ids: [a.photos[0]!.id, theirs] },
    });
    expect(order.statusCode).toBe(404);
    expect(order.json().detail).toBe(`Photo ${theirs} not found on this product`);
    const [still] = await rows<{ product_id: number; alt_text: string }>(
      t,
      sql`select product_id, alt_text from product_images where id = ${theirs}`,
    );
    expect(still).toEqual({ product_id: b.productId, alt_text: "" });
  });

  it("refuses fulfilment staff (403) and strangers (401) before reading the upload", async () => {
    const productId = freshProduct();
    const res = await upload(packer, productId, [{ name: "a.jpg", bytes: await small("jpeg") }]);
    expect(res.statusCode).toBe(403);
    for (const [method, url] of [
      ["GET", `/api/admin/products/${productId}/photos`],
      ["PUT", `/api/admin/products/${productId}/photos/order`],
      ["PATCH", `/api/admin/products/${productId}/photos/1`],
      ["DELETE", `/api/admin/products/${productId}/photos/1`],
    ] as const) {
      const refused = await t.app.inject({ method, url, headers: packer.auth, payload: {} });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      const stranger = await t.app.inject({ method, url, payload: {} });
      expect(stranger.statusCode).toBe(401);
    }
    const list = await t.app.inject({
      method: "GET",
      url: `/api/admin/products/${productId}/photos`,
      headers: catalogue.auth,
    });
    expect(list.statusCode).toBe(200);
  });
});
