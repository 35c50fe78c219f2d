// A product's photos through the staff API (decision 0063): real images made
// by sharp here, judged by their content; a 12-megapixel phone JPEG comes out upright, without
// its GPS location, as the storefront's WebP widths; reorder, alt text, main photo and delete
// show on the product at once; another product's photo is 404; fulfilment is refused; and the
// S3 storage signs its requests and puts the bytes where the settings say.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEIC_REFUSED, PHOTO_LIMITS } from "../../core/media/photo-rules";
import { S3MediaStorage } from "../../core/media/storage";
import { openStaffSession } from "../../core/staff/sessions";
import { createTestApp, type TestApp } from "../helpers/app";
import { createPageApp, hasPageBuild } from "../helpers/page-app";
import { count, rows } from "../helpers/shop";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let dataDir: string;
let owner: TestStaff;
let catalogue: TestStaff;
let packer: TestStaff;
let productIds: number[];
let next = 0;
let phoneJpeg: Buffer;
// with the pages built, the console's Photos page is checked too
const pages = hasPageBuild();

const freshProduct = () => {
  const id = productIds[next++];
  if (id === undefined) throw new Error("out of demo products");
  return id;
};

/** A 4000x3000 JPEG as a phone takes it: EXIF with the camera, GPS location, turned on its side. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 190, g: 70, b: 40 } } })
    .composite([
      {
        input: await sharp({ create: { width: 1000, height: 1000, channels: 3, background: "#1d4ed8" } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .withExif({
      IFD0: { Make: "SecretPhone", Model: "X1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "24/1 51/1 36/1", GPSLongitudeRef: "E", GPSLongitude: "67/1 0/1 36/1" },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const small = (format: "png" | "webp" | "jpeg", width = 640, height = 800) => {
  const image = sharp({ create: { width, height, channels: 3, background: "#0f766e" } });
  return (format === "png" ? image.png() : format === "webp" ? image.webp() : image.jpeg()).toBuffer();
};

/** A multipart body as a browser sends it. */
async function multipart(files: { name: string; bytes: Uint8Array; type?: string; field?: string }[]) {
  const form = new FormData();
  for (const f of files)
    form.append(f.field ?? "photos", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name);
  const request = new Request("http://store.test/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

async function upload(who: TestStaff, productId: number, files: Parameters<typeof multipart>[0]) {
  const body = await multipart(files);
  return t.app.inject({
    method: "POST",
    url: `/api/admin/products/${productId}/photos`,
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

interface Photo {
  id: number;
  url: string;
  widths: number[];
  alt_text: string;
  is_primary: boolean;
  position: number;
}

const fileOf = (url: string) => path.join(dataDir, url.replace(/^\/media\//, "media/"));
const storefront = async (productId: number) =>
  (await t.app.inject({ method: "GET", url: `/api/products/${productId}` })).json() as {
    image_url: string;
    images: { image_url: string; alt_text: string; is_primary: boolean }[];
  };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "photos-test-"));
  t = pages ? await createPageApp({ env: { DATA_DIR: dataDir } }) : await createTestApp({ DATA_DIR: dataDir });
  owner = await makeOwner(t.app, t.core);
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
  packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  productIds = (await rows<{ id: number }>(t, sql`select id from products order by id`)).map((r) => r.id);
  phoneJpeg = await phonePhoto();
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("uploading", () => {
  it("turns a 12-megapixel phone JPEG into upright WebP widths without its location, shown at once", async () => {
    const productId = freshProduct();
    const before = await storefront(productId);
    // the input really carries the location and the camera
    const exif = (await sharp(phoneJpeg).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPSInfo pointer, little-endian
    expect(exif.toString("latin1")).toContain("SecretPhone");

    const res = await upload(catalogue, productId, [{ name: "IMG_2041.JPG", bytes: phoneJpeg }]);
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = res.json() as Photo[];
    expect(photo!.widths).toEqual([400, 800, 1200]);
    expect(photo!.url).toMatch(new RegExp(`^/media/products/${productId}/[a-f0-9]{16}-800\\.webp$`));
    // the demo product had photos: the new one goes last and the main photo stays
    expect(photo!.is_primary).toBe(false);
    expect(photo!.position).toBe(before.images.length);

    for (const width of [400, 800, 1200]) {
      const file = fileOf(photo!.url.replace(/-800\.webp$/, `-${width}.webp`));
      const bytes = fs.readFileSync(file);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      // orientation 6 (turned on its side) applied: 4000x3000 becomes portrait
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 4000) / 3000));
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const text = bytes.toString("latin1");
      expect(text).not.toContain("Exif");
      expect(text).not.toContain("SecretPhone");
      expect(bytes.includes(Buffer.from([0x25, 0x88]))).toBe(false);
    }
    // served where the storefront loads it
    const served = await t.app.inject({ method: "GET", url: photo!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    // a new random name for every upload: the shopper's phone keeps it without asking again
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    const after = await storefront(productId);
    expect(after.images.map((i) => i.image_url)).toContain(photo!.url);
    const [audit] = await rows<{ actor_id: number; changes: { photo_ids: number[]; sizes: string[] } }>(
      t,
      sql`select actor_id, changes from audit_log where action = 'product.photos_add' and entity_id = ${String(productId)}`,
    );
    expect(audit).toMatchObject({ actor_id: catalogue.id, changes: { photo_ids: [photo!.id], sizes: ["3000x4000"] } });
  });

  it("takes several files at once, PNG and WebP too; a product's first photo becomes its main one", async () => {
    const productId = freshProduct();
    await t.core.db.execute(sql`delete from product_images where product_id = ${productId}`);
    t.core.cache.clear();
    const res = await upload(owner, productId, [
      { name: "front.png", bytes: await small("png"), type: "image/png" },
      { name: "back.webp", bytes: await small("webp"), type: "image/webp" },
      // the name and type say PNG; the content is a JPEG, and that is what counts
      { name: "side.png", bytes: await small("jpeg"), type: "image/png" },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const photos = res.json() as Photo[];
    expect(photos.map((p) => [p.position, p.is_primary])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    // a small photo is never enlarged, but every width the storefront asks for exists
    const largest = await sharp(fs.readFileSync(fileOf(photos[0]!.url.replace("-800.", "-1200.")))).metadata();
    expect(largest.width).toBe(640);
    const shown = await storefront(productId);
    expect(shown.image_url).toBe(photos[0]!.url);
    expect(shown.images).toHaveLength(3);
  });

  it("refuses a text file named .jpg by its content (422), and stores nothing of the batch", async () => {
    const productId = freshProduct();
    const photosBefore = await count(t, sql`select count(*) as n from product_images where product_id = ${productId}`);
    const res = await upload(catalogue, productId, [
      { name: "good.jpg", bytes: await small("jpeg") },
      { name: "notes.jpg", bytes: Buffer.from("Dear customer, this is not a photo.\n".repeat(20)) },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('"notes.jpg" is not a photo this store can read: send JPEG, PNG or WebP.');
    expect(await count(t, sql`select count(*) as n from product_images where product_id = ${productId}`)).toBe(
      photosBefore,
    );
    expect(fs.existsSync(path.join(dataDir, "media", "products", String(productId)))).toBe(false);
  });

  it("refuses a file over the size limit with 413 and a clear message", async () => {
    const productId = freshProduct();
    // a real JPEG header followed by padding: the limit is judged before anything is decoded
    const big = Buffer.concat([await small("jpeg"), Buffer.alloc(PHOTO_LIMITS.fileBytes)]);
    const res = await upload(catalogue, productId, [{ name: "huge.jpg", bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('"huge.jpg" is larger than 15 MB. Send a smaller photo.');
  });

  it("refuses more files than allowed at once (413) and a request without files (422)", async () => {
    const productId = freshProduct();
    const one = await small("jpeg", 40, 50);
    const many = Array.from({ length: PHOTO_LIMITS.files + 1 }, (_, i) => ({ name: `p${i}.jpg`, bytes: one }));
    const res = await upload(catalogue, productId, many);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe(`photos: at most ${PHOTO_LIMITS.files} photos at a time.`);
    const none = await upload(catalogue, productId, []);
    expect(none.statusCode).toBe(422);
    expect(none.json().detail).toBe("photos: choose at least one photo.");
    const wrongField = await upload(catalogue, productId, [{ name: "a.jpg", bytes: one, field: "image" }]);
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().detail).toBe('image: send the photos in the field "photos".');
    const json = await t.app.inject({
      method: "POST",
      url: `/api/admin/products/${productId}/photos`,
      headers: catalogue.auth,
      payload: { photos: [] },
    });
    expect(json.statusCode).toBe(400);
  });

  it("refuses a decompression bomb by its pixel count before decoding it", async () => {
    const productId = freshProduct();
    // 12000 x 10000 of one colour: a small PNG that would decode to 360 MB
    const bomb = await sharp({ create: { width: 12_000, height: 10_000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PHOTO_LIMITS.fileBytes);
    const res = await upload(catalogue, productId, [{ name: "bomb.png", bytes: bomb, type: "image/png" }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('"bomb.png" has 120 megapixels; at most 110 are taken.');
  });

  it("refuses HEIC, which the bundled sharp cannot decode, saying how to send JPEG", async () => {
    // what the bundled libvips reads of HEIF: AVIF only (its libheif has no HEVC decoder)
    expect(sharp.format.heif.input.fileSuffix).toEqual([".avif"]);
    const productId = freshProduct();
    // an iPhone photo starts with an ftyp box of brand "heic"
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write("ftypheic", 4, "latin1");
    ftyp.write("mif1heic", 16, "latin1");
    const heic = Buffer.concat([ftyp, Buffer.alloc(2000, 7)]);
    const res = await upload(catalogue, productId, [{ name: "IMG_0001.HEIC", bytes: heic, type: "image/heic" }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(`"IMG_0001.HEIC" ${HEIC_REFUSED}`);
    // and a damaged JPEG (right magic bytes, nothing after) is 422 too, never a 500
    const broken = await upload(catalogue, productId, [
      { name: "cut.jpg", bytes: (await small("jpeg")).subarray(0, 200) },
    ]);
    expect(broken.statusCode).toBe(422);
  });

  it("answers 404 for a product that does not exist", async () => {
    const res = await upload(catalogue, 2_000_000_000, [{ name: "a.jpg", bytes: await small("jpeg") }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe("Product not found");
  });
});

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

describe("the console's upload door (POST /admin/products/:id/photos/upload)", () => {
  const consoleCookie = async (staff: TestStaff) => {
    // a member added with a first password is sent to change it first; these have done so
    await t.core.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return `staff_session=${token}`;
  };
  async function consoleUpload(
    headers: Record<string, string>,
    productId: number,
    files: Parameters<typeof multipart>[0],
  ) {
    const body = await multipart(files);
    return t.app.inject({
      method: "POST",
      url: `/admin/products/${productId}/photos/upload`,
      headers: { origin: "http://localhost:3000", host: "localhost:3000", ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  it("takes the page's script upload (JSON) and its plain form (back to the page)", async () => {
    const productId = freshProduct();
    const cookie = await consoleCookie(catalogue);
    const json = await consoleUpload({ cookie, accept: "application/json" }, productId, [
      { name: "one.jpg", bytes: await small("jpeg") },
    ]);
    expect(json.statusCode, json.body).toBe(201);
    expect(json.headers["cache-control"]).toBe("no-store");
    expect((json.json() as { photos: Photo[] }).photos).toHaveLength(1);

    const form = await consoleUpload({ cookie, accept: "text/html" }, productId, [
      { name: "two.jpg", bytes: await small("jpeg") },
      { name: "three.png", bytes: await small("png"), type: "image/png" },
    ]);
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/admin/products/${productId}/photos?added=2`);
    const refused = await consoleUpload({ cookie, accept: "text/html" }, productId, [
      { name: "fake.jpg", bytes: Buffer.from("not a photo at all") },
    ]);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/admin/products/${productId}/photos?upload_error=422`);
    const scripted = await consoleUpload({ cookie, accept: "application/json" }, productId, [
      { name: "fake.jpg", bytes: Buffer.from("not a photo at all") },
    ]);
    expect(scripted.statusCode).toBe(422);
    expect(scripted.json().detail).toContain('"fake.jpg" is not a photo');
  });

  it("refuses another site's page, strangers and fulfilment before reading the upload", async () => {
    const productId = freshProduct();
    const files = [{ name: "a.jpg", bytes: await small("jpeg") }];
    const cookie = await consoleCookie(catalogue);
    const foreign = await consoleUpload(
      { cookie, origin: "https://evil.example", accept: "application/json" },
      productId,
      files,
    );
    expect(foreign.statusCode).toBe(403);
    const stranger = await consoleUpload({ accept: "application/json" }, productId, files);
    expect(stranger.statusCode).toBe(401);
    const strangerForm = await consoleUpload({}, productId, files);
    expect(strangerForm.statusCode).toBe(303);
    expect(strangerForm.headers.location).toBe(
      `/admin/login?next=${encodeURIComponent(`/admin/products/${productId}/photos`)}`,
    );
    // an API bearer token is not a console session
    const bearer = await consoleUpload({ ...catalogue.auth, accept: "application/json" }, productId, files);
    expect(bearer.statusCode).toBe(401);
    const packerCookie = await consoleCookie(packer);
    const noPermission = await consoleUpload({ cookie: packerCookie, accept: "application/json" }, productId, files);
    expect(noPermission.statusCode).toBe(403);
    expect(
      await count(
        t,
        sql`select count(*) as n from product_images where product_id = ${productId} and storage_key is not null`,
      ),
    ).toBe(0);
  });
});

describe.skipIf(!pages)("the console's Photos page", () => {
  const cookieOf = async (staff: TestStaff) => {
    await t.core.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return `staff_session=${token}`;
  };
  const page = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const post = (cookie: string, url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: {
        cookie,
        origin: "http://localhost:3000",
        host: "localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it("opens for the catalogue team, not for fulfilment; a missing product is 404", async () => {
    const productId = freshProduct();
    const cookie = await cookieOf(catalogue);
    const res = await page(cookie, `/admin/products/${productId}/photos`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("Photos of");
    expect(res.body).toContain('accept="image/*"');
    expect(res.body).toContain(`action="/admin/products/${productId}/photos/upload"`);
    // HTML attribute names are case-insensitive; React writes encType
    expect(res.body).toMatch(/enctype="multipart\/form-data"/i);
    expect(res.body).toContain(`href="/admin/products/${productId}"`);
    expect((await page(await cookieOf(packer), `/admin/products/${productId}/photos`)).statusCode).toBe(403);
    for (const bad of ["999999999", "abc", "0", "1e3", "99999999999999"])
      expect((await page(cookie, `/admin/products/${bad}/photos`)).statusCode, bad).toBe(404);
    // the plain form's answers are shown by status, never as text from the address
    const shown = await page(cookie, `/admin/products/${productId}/photos?upload_error=<script>&added=-1&delete=x`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain("<script>&");
  });

  it("moves, names, makes main and deletes through the page's small forms", async () => {
    const productId = freshProduct();
    await t.core.db.execute(sql`delete from product_images where product_id = ${productId}`);
    const body = await multipart([
      { name: "a.jpg", bytes: await small("jpeg", 300, 400) },
      { name: "b.jpg", bytes: await small("jpeg", 301, 400) },
    ]);
    const added = (
      await t.app.inject({
        method: "POST",
        url: `/api/admin/products/${productId}/photos`,
        headers: { ...catalogue.auth, ...body.headers },
        payload: body.payload,
      })
    ).json() as Photo[];
    const cookie = await cookieOf(catalogue);
    const url = `/admin/products/${productId}/photos`;
    const order = async () =>
      await rows<{ id: number; is_primary: boolean; alt_text: string }>(
        t,
        sql`select id, is_primary, alt_text from product_images where product_id = ${productId} order by position`,
      );

    const down = await post(cookie, url, { intent: "down", id: String(added[0]!.id) });
    expect(down.statusCode).toBe(200);
    expect((await order()).map((r) => [r.id, r.is_primary])).toEqual([
      [added[1]!.id, true],
      [added[0]!.id, false],
    ]);
    const main = await post(cookie, url, { intent: "main", id: String(added[0]!.id) });
    expect(main.statusCode).toBe(200);
    expect((await order())[0]!.id).toBe(added[0]!.id);
    const alt = await post(cookie, url, { intent: "alt", id: String(added[1]!.id), alt_text: "Side view" });
    expect(alt.statusCode).toBe(200);
    expect((await order())[1]!.alt_text).toBe("Side view");
    const long = await post(cookie, url, { intent: "alt", id: String(added[1]!.id), alt_text: "x".repeat(300) });
    expect(long.statusCode).toBe(422);
    const nul = await post(cookie, url, { intent: "alt", id: String(added[1]!.id), alt_text: "a\u0000b" });
    expect(nul.statusCode).toBe(400);
    // another product's photo: 404, and nothing moves
    const [stranger] = await rows<{ id: number }>(
      t,
      sql`select id from product_images where product_id <> ${productId} limit 1`,
    );
    const theirs = await post(cookie, url, { intent: "order", ids: `${stranger!.id},${added[0]!.id}` });
    expect(theirs.statusCode).toBe(404);
    const theirDelete = await post(cookie, url, { intent: "delete", id: String(stranger!.id) });
    expect(theirDelete.statusCode).toBe(404);
    const gone = await post(cookie, url, { intent: "delete", id: String(added[0]!.id) });
    expect(gone.statusCode).toBe(302);
    expect(gone.headers.location).toBe(`${url}?deleted=1`);
    expect((await order()).map((r) => [r.id, r.is_primary])).toEqual([[added[1]!.id, true]]);
    const refused = await post(await cookieOf(packer), url, { intent: "delete", id: String(added[1]!.id) });
    expect(refused.statusCode).toBe(403);
    expect(await order()).toHaveLength(1);
  });
});

describe("S3-compatible storage", () => {
  interface Received {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
  }
  let server: http.Server;
  let endpoint: string;
  const received: Received[] = [];

  beforeAll(async () => {
    // a fake bucket that answers as S3 does: 200 to PUT, 204 to DELETE
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(req.method === "DELETE" ? 204 : 200, { etag: '"x"' }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it("PUTs each width into the bucket, signed with SigV4 over the payload, and deletes them", async () => {
    const s3 = await createTestApp({
      DATA_DIR: dataDir,
      S3_BUCKET: "shop-media",
      S3_REGION: "ap-south-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
      S3_PUBLIC_URL: "https://media.shop.example/",
    });
    try {
      const staff = await makeOwner(s3.app, s3.core);
      const productId = freshProduct();
      const body = await multipart([{ name: "a.jpg", bytes: await small("jpeg", 900, 1200) }]);
      const res = await s3.app.inject({
        method: "POST",
        url: `/api/admin/products/${productId}/photos`,
        headers: { ...staff.auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const [photo] = res.json() as Photo[];
      expect(photo!.url).toMatch(
        new RegExp(`^https://media\\.shop\\.example/products/${productId}/[a-f0-9]{16}-800\\.webp$`),
      );
      const key = photo!.url.replace("https://media.shop.example/", "");

      const puts = received.filter((r) => r.method === "PUT");
      expect(puts.map((r) => r.url).sort()).toEqual(
        [400, 800, 1200].map((w) => `/shop-media/${key.replace("-800.", `-${w}.`)}`).sort(),
      );
      for (const put of puts) {
        expect(put.headers["content-type"]).toBe("image/webp");
        expect((await sharp(put.body).metadata()).format).toBe("webp");
        const sha = (await import("node:crypto")).createHash("sha256").update(put.body).digest("hex");
        expect(put.headers["x-amz-content-sha256"]).toBe(sha);
        expect(put.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
        const date = put.headers["x-amz-date"]!.toString().slice(0, 8);
        // Authorization: AWS4-HMAC-SHA256 Credential=<key>/<date>/<region>/s3/aws4_request, SignedHeaders=..., Signature=<64 hex>
        expect(put.headers.authorization).toMatch(
          new RegExp(
            `^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/${date}/ap-south-1/s3/aws4_request, SignedHeaders=[a-z0-9;-]*host;[a-z0-9;-]*x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$`,
          ),
        );
      }
      // the 1200 file is the bytes sharp made: 900 wide (never enlarged)
      const largest = puts.find((r) => r.url.endsWith("-1200.webp"))!;
      expect((await sharp(largest.body).metadata()).width).toBe(900);

      const del = await s3.app.inject({
        method: "DELETE",
        url: `/api/admin/products/${productId}/photos/${photo!.id}`,
        headers: staff.auth,
      });
      expect(del.json()).toMatchObject({ deleted: true, files_deleted: true });
      const deletes = received.filter((r) => r.method === "DELETE");
      expect(deletes.map((r) => r.url).sort()).toEqual(puts.map((r) => r.url).sort());
      expect(deletes.every((r) => String(r.headers.authorization).startsWith("AWS4-HMAC-SHA256 "))).toBe(true);
    } finally {
      await s3.close();
    }
  });

  it("reports the bucket's refusal as an error, never a stored row", async () => {
    const failing = http.createServer((_req, res) =>
      res.writeHead(403).end("<Error><Code>AccessDenied</Code></Error>"),
    );
    await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
    const storage = new S3MediaStorage({
      bucket: "b",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`,
      accessKeyId: "a",
      secretAccessKey: "s",
      publicUrl: "https://cdn.example",
    });
    await expect(storage.put("products/1/x-400.webp", new Uint8Array([1, 2, 3]), "image/webp")).rejects.toThrow(
      /answered 403: .*AccessDenied/,
    );
    expect(() => storage.url("../etc/passwd")).toThrow(/not a media key/);
    await new Promise((resolve) => failing.close(resolve));
  });
});
