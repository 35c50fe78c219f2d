// Uploaded site pictures (decision 0066, its addendum): a collection's hero and a blog
// post's picture sent as real JPEGs made by sharp, stored as the storefront's WebP widths and shown
// at once (the home slider for a featured collection, the collection's page, the blog post);
// a renamed text file is 422, an oversized file 413, another team 403; replacing or clearing an
// uploaded picture deletes its old files, never a product's photo or the demo store's; the
// console's door (plain form) sends the page back with what happened.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_LIMITS } from "../../core/media/photo-rules";
import { uploadSiteImage } from "../../core/media/site-images";
import { LocalMediaStorage } from "../../core/media/storage";
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
let banner: Buffer;
// with the pages built, the storefront's pages and the console's are checked too
const pages = hasPageBuild();

const jpeg = (width: number, height: number, colour = "#b45309") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function multipart(files: { name: string; bytes: Uint8Array; type?: string; field?: string }[]) {
  const form = new FormData();
  for (const f of files)
    form.append(f.field ?? "image", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name);
  const request = new Request("http://store.test/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

async function upload(who: TestStaff, url: string, files: Parameters<typeof multipart>[0]) {
  const body = await multipart(files);
  return t.app.inject({ method: "POST", url, headers: { ...who.auth, ...body.headers }, payload: body.payload });
}

const fileOf = (url: string) => path.join(dataDir, url.replace(/^\/media\//, "media/"));
const widthsOf = (url: string) => [400, 800, 1200].map((w) => fileOf(url.replace(/-800\.webp$/, `-${w}.webp`)));
const get = (url: string) => t.app.inject({ method: "GET", url });

async function newCollection(featured: boolean) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/collections",
    headers: catalogue.auth,
    payload: { name: `Banner ${Math.random().toString(36).slice(2, 8)}`, is_featured: featured, position: 0 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string };
}

async function newPost() {
  const slug = `banner-post-${Math.random().toString(36).slice(2, 8)}`;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/blog-posts",
    headers: catalogue.auth,
    payload: { title: "Eid lawn banner", slug, content: "<p>Hello</p>", is_published: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id: number }), slug };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-images-test-"));
  t = pages ? await createPageApp({ env: { DATA_DIR: dataDir } }) : await createTestApp({ DATA_DIR: dataDir });
  owner = await makeOwner(t.app, t.core);
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
  packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  banner = await jpeg(2400, 1000);
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a collection's hero", () => {
  it("uploads a JPEG as WebP widths, audited, shown at once on the home slider and the collection page", async () => {
    const c = await newCollection(true);
    const res = await upload(catalogue, `/api/admin/collections/${c.id}/image`, [
      { name: "banner.jpg", bytes: banner },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json() as { url: string; widths: number[]; width: number; height: number };
    expect(body.url).toMatch(new RegExp(`^/media/collections/${c.id}/[a-f0-9]{16}-800\\.webp$`));
    expect(body).toMatchObject({ widths: [400, 800, 1200], width: 2400, height: 1000 });
    for (const [i, file] of widthsOf(body.url).entries()) {
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe([400, 800, 1200][i]);
    }
    expect((await get(body.url)).statusCode).toBe(200);
    expect((await get(`/api/collections/${c.id}`)).json().image_url).toBe(body.url);
    const [audit] = await rows<{ actor_id: number; changes: { image_url: [string | null, string]; size: string } }>(
      t,
      sql`select actor_id, changes from audit_log where action = 'collection.image_upload' and entity_id = ${String(c.id)}`,
    );
    expect(audit).toMatchObject({
      actor_id: catalogue.id,
      changes: { image_url: [null, body.url], size: "2400x1000" },
    });
    if (pages) {
      const home = (await get("/")).body;
      expect(home).toContain(body.url.replace(/-800\.webp$/, "-1200.webp"));
      const page = (await get(`/collection/${c.id}`)).body;
      expect(page).toContain(body.url.replace(/-800\.webp$/, ""));
    }
  });

  it("replacing deletes the old upload's files; clearing deletes the new one's; a product photo is never deleted", async () => {
    const c = await newCollection(false);
    const first = (
      await upload(catalogue, `/api/admin/collections/${c.id}/image`, [{ name: "a.jpg", bytes: banner }])
    ).json() as { url: string };
    const second = await upload(owner, `/api/admin/collections/${c.id}/image`, [
      { name: "b.png", bytes: await sharp(banner).png().toBuffer(), type: "image/png" },
    ]);
    expect(second.statusCode, second.body).toBe(201);
    const next = second.json() as { url: string; previous_files_deleted: boolean };
    expect(next.previous_files_deleted).toBe(true);
    for (const file of widthsOf(first.url)) expect(fs.existsSync(file)).toBe(false);
    for (const file of widthsOf(next.url)) expect(fs.existsSync(file)).toBe(true);

    const cleared = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/collections/${c.id}/image`,
      headers: catalogue.auth,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ url: null, previous_files_deleted: true });
    for (const file of widthsOf(next.url)) expect(fs.existsSync(file)).toBe(false);
    expect((await get(`/api/collections/${c.id}`)).json().image_url).toBe("/placeholder.svg");
    expect(
      await count(t, sql`select count(*)::int as n from audit_log where action = 'collection.image_clear'`),
    ).toBeGreaterThan(0);

    // a demo product's photo chosen as the hero, then cleared: only the row changes
    const [photo] = await rows<{ image_url: string }>(t, sql`select image_url from product_images order by id limit 1`);
    await t.core.db.execute(sql`update collections set image_url = ${photo!.image_url} where id = ${c.id}`);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/collections/${c.id}/image`,
      headers: catalogue.auth,
    });
    expect(again.json()).toMatchObject({ url: null, previous_files_deleted: false });
    expect(
      await count(t, sql`select count(*)::int as n from product_images where image_url = ${photo!.image_url}`),
    ).toBe(1);
  });

  it("keeps the files while a blog post still shows the replaced picture", async () => {
    const c = await newCollection(false);
    const first = (
      await upload(catalogue, `/api/admin/collections/${c.id}/image`, [{ name: "a.jpg", bytes: banner }])
    ).json() as { url: string };
    const post = await newPost();
    const chosen = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/blog-posts/${post.id}`,
      headers: catalogue.auth,
      payload: { featured_image_url: first.url },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const replaced = await upload(catalogue, `/api/admin/collections/${c.id}/image`, [
      { name: "b.jpg", bytes: banner },
    ]);
    expect(replaced.json().previous_files_deleted).toBe(false);
    for (const file of widthsOf(first.url)) expect(fs.existsSync(file)).toBe(true);
  });

  it("refuses a renamed text file (422), an oversized file (413), another team (403), a missing collection (404)", async () => {
    const c = await newCollection(false);
    const url = `/api/admin/collections/${c.id}/image`;
    const fake = await upload(catalogue, url, [
      { name: "banner.jpg", bytes: Buffer.from("just some text, not a photo") },
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().detail).toContain('"banner.jpg" is not a photo');
    const big = Buffer.concat([await jpeg(100, 100), Buffer.alloc(PHOTO_LIMITS.fileBytes + 10)]);
    const tooBig = await upload(catalogue, url, [{ name: "huge.jpg", bytes: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toContain("larger than");
    const two = await upload(catalogue, url, [
      { name: "a.jpg", bytes: banner },
      { name: "b.jpg", bytes: banner },
    ]);
    expect(two.statusCode).toBe(413);
    const none = await upload(catalogue, url, [{ name: "a.jpg", bytes: banner, field: "photos" }]);
    expect(none.statusCode).toBe(422);
    expect((await upload(packer, url, [{ name: "a.jpg", bytes: banner }])).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url, headers: packer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url })).statusCode).toBe(401);
    expect(
      (await upload(catalogue, "/api/admin/collections/999999/image", [{ name: "a.jpg", bytes: banner }])).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/admin/collections/0/image", headers: catalogue.auth }))
        .statusCode,
    ).toBe(422);
    // nothing was stored or written by the refusals
    expect((await get(`/api/collections/${c.id}`)).json().image_url).toBe("/placeholder.svg");
    expect(fs.existsSync(path.join(dataDir, "media", "collections", String(c.id)))).toBe(false);
  });

  it("asks for the right permission in core: content staff cannot change a collection, nor collections staff a post", async () => {
    const storage = new LocalMediaStorage(path.join(dataDir, "media"));
    const post = await newPost();
    const c = await newCollection(false);
    const fulfilment = { role: "fulfilment" } as Parameters<typeof uploadSiteImage>[1];
    for (const [owner, id] of [
      ["collection", c.id],
      ["blog", post.id],
    ] as const)
      await expect(
        uploadSiteImage(t.core, fulfilment, storage, owner, id, { name: "a.jpg", bytes: banner }),
      ).rejects.toMatchObject({ status: 403 });
  });
});

describe("the other ways an uploaded picture goes", () => {
  it("PUT clearing a hero, deleting a collection and deleting a post delete the uploaded files", async () => {
    const send = (method: "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: catalogue.auth, ...(payload ? { payload } : {}) });
    const hero = async (id: number) =>
      (await upload(catalogue, `/api/admin/collections/${id}/image`, [{ name: "a.jpg", bytes: banner }])).json() as {
        url: string;
      };
    const a = await newCollection(false);
    const first = await hero(a.id);
    expect((await send("PUT", `/api/admin/collections/${a.id}`, { image_url: null })).statusCode).toBe(200);
    for (const file of widthsOf(first.url)) expect(fs.existsSync(file)).toBe(false);

    const b = await newCollection(false);
    const second = await hero(b.id);
    expect((await send("DELETE", `/api/admin/collections/${b.id}`)).statusCode).toBeLessThan(300);
    for (const file of widthsOf(second.url)) expect(fs.existsSync(file)).toBe(false);

    const post = await newPost();
    const picture = (
      await upload(catalogue, `/api/admin/blog-posts/${post.id}/image`, [{ name: "a.jpg", bytes: banner }])
    ).json() as { url: string };
    for (const file of widthsOf(picture.url)) expect(fs.existsSync(file)).toBe(true);
    expect((await send("DELETE", `/api/admin/blog-posts/${post.id}`)).statusCode).toBeLessThan(300);
    for (const file of widthsOf(picture.url)) expect(fs.existsSync(file)).toBe(false);
  });
});

describe("a blog post's picture", () => {
  it("uploads, shows on the post at once, and replacing deletes the old files", async () => {
    const post = await newPost();
    const url = `/api/admin/blog-posts/${post.id}/image`;
    const res = await upload(catalogue, url, [{ name: "eid.jpg", bytes: await jpeg(1600, 900, "#0f766e") }]);
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json() as { url: string };
    expect(first.url).toMatch(new RegExp(`^/media/blog/${post.id}/[a-f0-9]{16}-800\\.webp$`));
    expect((await get(`/api/blogs/${post.slug}`)).json().featured_image_url).toBe(first.url);
    if (pages) expect((await get(`/blog/${post.slug}`)).body).toContain(first.url.replace(/-800\.webp$/, ""));
    const second = await upload(catalogue, url, [{ name: "eid2.jpg", bytes: banner }]);
    expect(second.json().previous_files_deleted).toBe(true);
    for (const file of widthsOf(first.url)) expect(fs.existsSync(file)).toBe(false);
    expect(
      await count(
        t,
        sql`select count(*)::int as n from audit_log where action = 'blog.image_upload' and entity_id = ${String(post.id)}`,
      ),
    ).toBe(2);

    expect((await upload(catalogue, url, [{ name: "notes.png", bytes: Buffer.from("hello") }])).statusCode).toBe(422);
    expect((await upload(packer, url, [{ name: "a.jpg", bytes: banner }])).statusCode).toBe(403);
    expect(
      (await upload(catalogue, "/api/admin/blog-posts/999999/image", [{ name: "a.jpg", bytes: banner }])).statusCode,
    ).toBe(404);
    const cleared = await t.app.inject({ method: "DELETE", url, headers: catalogue.auth });
    expect(cleared.json()).toMatchObject({ url: null, previous_files_deleted: true });
  });
});

describe("the console's upload door", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.core.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return `staff_session=${token}`;
  };
  async function consoleUpload(headers: Record<string, string>, url: string, files: Parameters<typeof multipart>[0]) {
    const body = await multipart(files);
    return t.app.inject({
      method: "POST",
      url,
      headers: { origin: "http://localhost:3000", host: "localhost:3000", ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  it("takes the plain form's picture and sends the page back, with the refusal's status when refused", async () => {
    const c = await newCollection(false);
    const post = await newPost();
    const cookie = await consoleCookie(catalogue);
    const ok = await consoleUpload({ cookie }, `/admin/collections/${c.id}/image/upload`, [
      { name: "a.jpg", bytes: banner },
    ]);
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/admin/collections/${c.id}?image=uploaded`);
    expect((await get(`/api/collections/${c.id}`)).json().image_url).toMatch(/^\/media\/collections\//);
    const fake = await consoleUpload({ cookie }, `/admin/content/blog/${post.id}/image/upload`, [
      { name: "a.jpg", bytes: Buffer.from("text") },
    ]);
    expect(fake.headers.location).toBe(`/admin/content/blog/${post.id}?image_error=422`);
    const blog = await consoleUpload({ cookie }, `/admin/content/blog/${post.id}/image/upload`, [
      { name: "a.jpg", bytes: banner },
    ]);
    expect(blog.headers.location).toBe(`/admin/content/blog/${post.id}?image=uploaded`);

    // another site's page, a stranger, fulfilment: refused before the body is read
    const foreign = await consoleUpload(
      { cookie, origin: "https://evil.example" },
      `/admin/collections/${c.id}/image/upload`,
      [{ name: "a.jpg", bytes: banner }],
    );
    expect(foreign.statusCode).toBe(403);
    const stranger = await consoleUpload({}, `/admin/collections/${c.id}/image/upload`, [
      { name: "a.jpg", bytes: banner },
    ]);
    expect(stranger.statusCode).toBe(303);
    expect(stranger.headers.location).toBe(`/admin/login?next=${encodeURIComponent(`/admin/collections/${c.id}`)}`);
    const packerCookie = await consoleCookie(packer);
    const refused = await consoleUpload({ cookie: packerCookie }, `/admin/content/blog/${post.id}/image/upload`, [
      { name: "a.jpg", bytes: banner },
    ]);
    expect(refused.statusCode).toBe(403);

    if (pages) {
      const page = await t.app.inject({
        method: "GET",
        url: `/admin/collections/${c.id}?image_error=413`,
        headers: { cookie },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('accept="image/*"');
      expect(page.body).toContain("The picture was too large");
      const editor = await t.app.inject({
        method: "GET",
        url: `/admin/content/blog/${post.id}?image=uploaded`,
        headers: { cookie },
      });
      expect(editor.body).toContain("Picture uploaded.");
      expect(editor.body).toContain(`/admin/content/blog/${post.id}/image/upload`);
    }
  });

  it("choosing a product's photo on the collection page deletes the uploaded hero's files", async () => {
    if (!pages) return;
    const c = await newCollection(false);
    const cookie = await consoleCookie(catalogue);
    const first = (
      await upload(catalogue, `/api/admin/collections/${c.id}/image`, [{ name: "a.jpg", bytes: banner }])
    ).json() as { url: string };
    const form = new URLSearchParams({ intent: "image", image_url: "" });
    const res = await t.app.inject({
      method: "POST",
      url: `/admin/collections/${c.id}`,
      headers: {
        cookie,
        origin: "http://localhost:3000",
        host: "localhost:3000",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(400);
    expect((await get(`/api/collections/${c.id}`)).json().image_url).toBe("/placeholder.svg");
    for (const file of widthsOf(first.url)) expect(fs.existsSync(file)).toBe(false);
  });
});
