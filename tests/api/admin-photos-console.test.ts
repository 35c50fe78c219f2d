// A product's photos in the console (decision 0063): its upload door, the form post the Photos page
// sends, and, with the pages built, the Photos page itself.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openStaffSession } from "../../core/staff/sessions";
import { count, rows } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  catalogue,
  packer,
  pages,
  freshProduct,
  small,
  multipart,
  type Photo,
  startProductPhotosStore,
} from "../helpers/product-photos";

startProductPhotosStore();

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
