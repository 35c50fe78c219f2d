// Uploading a product's photos through the staff API (decision 0063): real images made
// by sharp here, judged by their content; a 12-megapixel phone JPEG comes out upright, without
// its GPS location, as the storefront's WebP widths; and the S3 storage signs its requests and
// puts the bytes where the settings say. Reorder, alt text, main photo and delete are in
// admin-photos-editing.test.ts; the console's upload door and Photos page in admin-photos-console.test.ts.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEIC_REFUSED, PHOTO_LIMITS } from "../../core/media/photo-rules";
import { S3MediaStorage } from "../../core/media/storage";
import { createTestApp } from "../helpers/app";
import { count, rows } from "../helpers/shop";
import { makeOwner } from "../helpers/staff";
import {
  t,
  dataDir,
  owner,
  catalogue,
  phoneJpeg,
  freshProduct,
  small,
  multipart,
  upload,
  type Photo,
  fileOf,
  storefront,
  startProductPhotosStore,
} from "../helpers/product-photos";

startProductPhotosStore();

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
