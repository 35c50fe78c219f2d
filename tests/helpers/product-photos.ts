// The product photo tests: one store a file with its own media folder, an owner, a catalogue and a
// fulfilment member, a fresh demo product for each test, and images made by sharp (a phone's JPEG
// with EXIF and GPS, small ones) sent as a browser sends them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll } from "vitest";
import { startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { rows } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, owner, packer, t } from "./order-desk";
export let dataDir: string;
let productIds: number[];
let next = 0;
export let phoneJpeg: Buffer;
// with the pages built, the console's Photos page is checked too
export const pages = hasPageBuild();

export const freshProduct = () => {
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

export const small = (format: "png" | "webp" | "jpeg", width = 640, height = 800) => {
  const image = sharp({ create: { width, height, channels: 3, background: "#0f766e" } });
  return (format === "png" ? image.png() : format === "webp" ? image.webp() : image.jpeg()).toBuffer();
};

/** A multipart body as a browser sends it. */
export async function multipart(files: { name: string; bytes: Uint8Array; type?: string; field?: string }[]) {
  const form = new FormData();
  for (const f of files)
    form.append(f.field ?? "photos", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name);
  const request = new Request("http://store.test/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

export async function upload(who: TestStaff, productId: number, files: Parameters<typeof multipart>[0]) {
  const body = await multipart(files);
  return t.app.inject({
    method: "POST",
    url: `/api/admin/products/${productId}/photos`,
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

export interface Photo {
  id: number;
  url: string;
  widths: number[];
  alt_text: string;
  is_primary: boolean;
  position: number;
}

export const fileOf = (url: string) => path.join(dataDir, url.replace(/^\/media\//, "media/"));
export const storefront = async (productId: number) =>
  (await t.app.inject({ method: "GET", url: `/api/products/${productId}` })).json() as {
    image_url: string;
    images: { image_url: string; alt_text: string; is_primary: boolean }[];
  };

export function startProductPhotosStore() {
  // registered first, so it runs last: the media folder goes once the store has closed
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  startOrderDesk(
    {
      app: withPages({
        env: () => {
          dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "photos-test-"));
          return { DATA_DIR: dataDir };
        },
      }),
      members: ["catalogue", "fulfilment"],
    },
    async () => {
      productIds = (await rows<{ id: number }>(t, sql`select id from products order by id`)).map((r) => r.id);
      phoneJpeg = await phonePhoto();
    },
  );
}
