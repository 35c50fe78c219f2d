// Collections for staff (decision 0066): create, edit, hero image among the
// collection's product photos, add, remove and order its products (the storefront's default order
// follows at once), delete with the products kept, hostile values, fulfilment refused, and two
// staff reordering at once leaving clean positions (raced for real on PostgreSQL).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { createTestApp, type TestApp } from "../helpers/app";
import { createPageApp, hasPageBuild } from "../helpers/page-app";
import { count, rows } from "../helpers/shop";
import { makeOwner, makeStaff, type TestStaff } from "../helpers/staff";

let t: TestApp;
let owner: TestStaff;
let catalogue: TestStaff;
let packer: TestStaff;
let productIds: number[];
let next = 0;
const pages = hasPageBuild();

beforeAll(async () => {
  // with the pages built, the console's and the shop's pages are checked too, cached as shipped
  t = pages ? await createPageApp({ cacheMs: 60_000 }) : await createTestApp();
  owner = await makeOwner(t.app, t.core);
  catalogue = await makeStaff(t.app, t.core, owner, "catalogue");
  packer = await makeStaff(t.app, t.core, owner, "fulfilment");
  productIds = (
    await rows<{ id: number }>(
      t,
      sql`select p.id from products p where p.is_active and exists (select 1 from product_images i where i.product_id = p.id) order by p.id`,
    )
  ).map((r) => r.id);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const fresh = (n: number) => {
  const ids = productIds.slice(next, next + n);
  next += n;
  if (ids.length < n) throw new Error("out of demo products");
  return ids;
};

const call = (who: TestStaff, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function newCollection(body: Record<string, unknown> = {}) {
  const res = await call(catalogue, "POST", "/api/admin/collections", { name: "Eid Edit", ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; position: number; name: string };
}

async function withProducts(ids: number[]) {
  const c = await newCollection();
  for (const id of ids) {
    const res = await call(catalogue, "POST", `/api/admin/collections/${c.id}/products/${id}`);
    expect(res.statusCode, res.body).toBe(201);
  }
  return c;
}

/** The storefront's default order of the collection (the public API, no sort). */
const shopOrder = async (id: number) =>
  (await t.app.inject({ method: "GET", url: `/api/products?collection_id=${id}&limit=100` }))
    .json()
    .map((p: { id: number }) => p.id);

const positions = (id: number) =>
  rows<{ product_id: number; position: number }>(
    t,
    sql`select product_id, position from collection_products where collection_id = ${id} order by position, product_id`,
  );

const audits = (action: string, id: number) =>
  count(
    t,
    sql`select count(*) as n from audit_log where action = ${action} and entity_type = 'collection' and entity_id = ${String(id)}`,
  );

describe("collections", () => {
  it("creates a collection after the last one, shows it on the storefront at once, and edits it", async () => {
    const before = (await call(catalogue, "GET", "/api/admin/collections")).json() as { position: number }[];
    const shopBefore = (await t.app.inject({ method: "GET", url: "/api/collections" })).json().length;
    const c = await newCollection({ name: "  Winter Shawls ", description: "Warm pashmina", is_featured: true });
    expect(c).toMatchObject({ name: "Winter Shawls", position: Math.max(...before.map((x) => x.position)) + 1 });
    expect(await audits("collection.create", c.id)).toBe(1);
    const shop = (await t.app.inject({ method: "GET", url: "/api/collections" })).json();
    expect(shop.length).toBe(shopBefore + 1);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/featured-collections" })).json().map((x: { id: number }) => x.id),
    ).toContain(c.id);

    const hidden = await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, { is_active: false, position: 0 });
    expect(hidden.json()).toMatchObject({ is_active: false, position: 0, changed: true });
    expect((await t.app.inject({ method: "GET", url: `/api/collections/${c.id}` })).statusCode).toBe(404);
    expect((await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, { is_active: false })).json().changed).toBe(
      false,
    );
    expect(await audits("collection.update", c.id)).toBe(1);
    // still listed for staff
    expect((await call(catalogue, "GET", "/api/admin/collections")).json().map((x: { id: number }) => x.id)).toContain(
      c.id,
    );
  });

  it("adds products at the end, orders them, and the storefront's default order follows at once", async () => {
    const ids = fresh(4);
    const c = await withProducts(ids);
    expect(await shopOrder(c.id)).toEqual(ids);
    // adding again changes nothing
    const again = await call(catalogue, "POST", `/api/admin/collections/${c.id}/products/${ids[0]}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ changed: false });

    const order = [ids[3]!, ids[1]!, ids[0]!, ids[2]!];
    const res = await call(catalogue, "PUT", `/api/admin/collections/${c.id}/products`, { product_ids: order });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ product_ids: order, changed: true });
    expect(await shopOrder(c.id)).toEqual(order);
    expect((await positions(c.id)).map((p) => p.position)).toEqual([0, 1, 2, 3]);
    expect(await audits("collection.reorder", c.id)).toBe(1);
    // a shopper's sort still wins
    const byName = (await t.app.inject({ method: "GET", url: `/api/products?collection_id=${c.id}&sort=name` })).json();
    expect(byName.map((p: { name: string }) => p.name)).toEqual(byName.map((p: { name: string }) => p.name).sort());

    const detail = (await call(catalogue, "GET", `/api/admin/collections/${c.id}`)).json();
    expect(detail.products.map((p: { id: number }) => p.id)).toEqual(order);
    expect(detail.product_count).toBe(4);

    // removing closes the gap
    expect((await call(catalogue, "DELETE", `/api/admin/collections/${c.id}/products/${ids[1]}`)).statusCode).toBe(204);
    expect(await shopOrder(c.id)).toEqual([ids[3], ids[0], ids[2]]);
    expect((await positions(c.id)).map((p) => p.position)).toEqual([0, 1, 2]);
    expect((await call(catalogue, "DELETE", `/api/admin/collections/${c.id}/products/${ids[1]}`)).statusCode).toBe(404);
  });

  it("refuses an order that is not exactly the collection's products", async () => {
    const ids = fresh(3);
    const c = await withProducts(ids);
    const put = (product_ids: unknown) =>
      call(catalogue, "PUT", `/api/admin/collections/${c.id}/products`, { product_ids });
    const stale = await put([ids[1], ids[0]]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().product_ids).toEqual(ids);
    expect((await put([ids[0], ids[1], ids[2], productIds[productIds.length - 1]])).statusCode).toBe(409);
    expect((await put([ids[0], ids[0], ids[1]])).statusCode).toBe(422);
    expect((await put("1,2,3")).statusCode).toBe(422);
    expect((await put([ids[0], -1, ids[2]])).statusCode).toBe(422);
    expect((await put([ids[0], 2 ** 53, ids[2]])).statusCode).toBe(422);
    expect((await put(Array.from({ length: 5000 }, (_, i) => i + 1))).statusCode).toBe(422);
    expect(await shopOrder(c.id)).toEqual(ids);
  });

  it("takes a hero image only from the photos of its products, and clears it", async () => {
    const ids = fresh(2);
    const c = await withProducts(ids);
    const detail = (await call(catalogue, "GET", `/api/admin/collections/${c.id}`)).json();
    expect(detail.image_choices.length).toBeGreaterThan(0);
    const photo = detail.image_choices[0] as string;
    const set = await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, { image_url: photo });
    expect(set.json()).toMatchObject({ image_url: photo, changed: true });
    expect((await t.app.inject({ method: "GET", url: `/api/collections/${c.id}` })).json().image_url).toBe(photo);
    for (const bad of ["https://evil.example/x.jpg", "javascript:alert(1)", "/media/other.webp"]) {
      const res = await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, { image_url: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContain("image_url");
    }
    // another collection's product photo is not a choice
    const [other] = await rows<{ image_url: string }>(
      t,
      sql`select image_url from product_images where product_id <> all(${sql.raw(`array[${ids.join(",")}]`)}::int[]) limit 1`,
    );
    expect(
      (await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, { image_url: other!.image_url })).statusCode,
    ).toBe(422);
    expect(
      (await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, { image_url: null })).json().image_url,
    ).toBeNull();
  });

  it("deletes a collection and keeps its products", async () => {
    const ids = fresh(2);
    const c = await withProducts(ids);
    expect((await call(catalogue, "DELETE", `/api/admin/collections/${c.id}`)).statusCode).toBe(204);
    expect((await call(catalogue, "GET", `/api/admin/collections/${c.id}`)).statusCode).toBe(404);
    expect((await call(catalogue, "DELETE", `/api/admin/collections/${c.id}`)).statusCode).toBe(404);
    expect(await count(t, sql`select count(*) as n from products where id in (${ids[0]}, ${ids[1]})`)).toBe(2);
    expect((await t.app.inject({ method: "GET", url: `/api/products/${ids[0]}` })).statusCode).toBe(200);
    expect(await audits("collection.delete", c.id)).toBe(1);
  });

  it.each<[Record<string, unknown>, string]>([
    [{ name: "" }, "name"],
    [{ name: "   " }, "name is required"],
    [{ name: "x".repeat(101) }, "name"],
    [{ name: "x".repeat(1_000_000) }, "name"],
    [{ name: "Eid", description: "d".repeat(2001) }, "description"],
    [{ name: "Eid", position: -1 }, "position"],
    [{ name: "Eid", position: 1e12 }, "position"],
    [{ name: "Eid", position: 1.5 }, "position"],
    [{ name: "Eid", is_featured: "yes" }, "is_featured"],
    [{ name: "Eid", image_url: "/media/demo/x.webp" }, "image_url"],
    [{ name: ["Eid"] }, "name"],
  ])("refuses hostile or wrong values (%#: %s)", async (body, words) => {
    const before = await count(t, sql`select count(*) as n from collections`);
    const res = await call(catalogue, "POST", "/api/admin/collections", body);
    expect([400, 413, 422]).toContain(res.statusCode);
    if (res.statusCode === 422) expect(res.json().detail).toContain(words);
    expect(await count(t, sql`select count(*) as n from collections`)).toBe(before);
  });

  it("answers 404 for missing collections and products, 422 for impossible ids", async () => {
    const c = await newCollection();
    expect((await call(catalogue, "GET", "/api/admin/collections/999999")).statusCode).toBe(404);
    expect((await call(catalogue, "PUT", "/api/admin/collections/999999", { name: "x" })).statusCode).toBe(404);
    expect((await call(catalogue, "POST", `/api/admin/collections/${c.id}/products/999999`)).statusCode).toBe(404);
    expect((await call(catalogue, "POST", `/api/admin/collections/999999/products/${productIds[0]}`)).statusCode).toBe(
      404,
    );
    expect((await call(catalogue, "GET", "/api/admin/collections/abc")).statusCode).toBe(422);
    expect((await call(catalogue, "POST", `/api/admin/collections/${c.id}/products/0`)).statusCode).toBe(422);
  });

  it("answers 403 to fulfilment staff, reading or writing", async () => {
    const c = await newCollection();
    for (const [method, url, payload] of [
      ["GET", "/api/admin/collections", undefined],
      ["POST", "/api/admin/collections", { name: "Nope" }],
      ["GET", `/api/admin/collections/${c.id}`, undefined],
      ["PUT", `/api/admin/collections/${c.id}`, { name: "Nope" }],
      ["DELETE", `/api/admin/collections/${c.id}`, undefined],
      ["PUT", `/api/admin/collections/${c.id}/products`, { product_ids: [] }],
      ["POST", `/api/admin/collections/${c.id}/products/${productIds[0]}`, undefined],
    ] as const) {
      const res = await call(packer, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call(owner, "GET", `/api/admin/collections/${c.id}`)).json().name).toBe("Eid Edit");
  });
});

describe.skipIf(!pages)("the console's collection pages", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };
  const post = async (who: TestStaff, url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: {
        ...(await consoleCookie(who)),
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload: new URLSearchParams(fields).toString(),
    });
  /** Product ids in the order the collection's page shows its cards. */
  const pageOrder = async (id: number, ids: number[]) => {
    const page = (await t.app.inject({ method: "GET", url: `/collection/${id}` })).body;
    const start = page.indexOf('aria-label="Products"');
    const html = page.slice(start, page.indexOf("</ul>", start));
    const links = await rows<{ id: number; href: string }>(
      t,
      sql`select id, coalesce('/p/' || custom_url, '/product/' || id) as href from products where id = any(${sql.raw(`array[${ids.join(",")}]`)}::int[])`,
    );
    return links
      .map(({ id: pid, href }) => ({ pid, at: html.indexOf(`href="${href}"`) }))
      .filter((x) => x.at >= 0)
      .sort((a, b) => a.at - b.at)
      .map((x) => x.pid);
  };

  it("opens for the catalogue team, not for fulfilment, and takes hostile values calmly", async () => {
    const c = await withProducts(fresh(1));
    for (const url of ["/admin/collections", `/admin/collections/${c.id}`]) {
      expect((await t.app.inject({ method: "GET", url, headers: await consoleCookie(packer) })).statusCode).toBe(403);
    }
    const headers = await consoleCookie(catalogue);
    for (const query of [
      "",
      "?find=lawn",
      `?find=${encodeURIComponent("<script>alert(1)</script>%_")}`,
      `?find=${"x".repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/collections/${c.id}${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      expect(res.body).not.toContain("<script>alert(1)");
    }
    for (const id of ["abc", "0", "99999999999", "999999"]) {
      expect((await t.app.inject({ method: "GET", url: `/admin/collections/${id}`, headers })).statusCode, id).toBe(
        404,
      );
    }
    for (const fields of [
      { intent: "order", order: "1,2,x" } as Record<string, string>,
      { intent: "order", order: "9".repeat(40_000) },
      { intent: "move", product: "sideways:1" },
      { intent: "add", product_id: "-5" },
      { intent: "image", image_url: "https://evil.example/x.jpg" },
      { intent: "details", name: "", position: "0" },
      { intent: "details", name: "Ok", position: "1e9" },
    ]) {
      const res = await post(catalogue, `/admin/collections/${c.id}`, fields);
      expect([400, 404, 409, 422], JSON.stringify(fields).slice(0, 80)).toContain(res.statusCode);
    }
  });

  it("a reorder, an add and a removal on the console show on the collection page at once", async () => {
    const ids = fresh(3);
    const c = await withProducts(ids.slice(0, 2));
    expect(await pageOrder(c.id, ids)).toEqual(ids.slice(0, 2));
    expect(
      (await post(catalogue, `/admin/collections/${c.id}`, { intent: "add", product_id: String(ids[2]) })).statusCode,
    ).toBe(200);
    expect(await pageOrder(c.id, ids)).toEqual(ids);
    const moved = await post(catalogue, `/admin/collections/${c.id}`, { intent: "move", product: `up:${ids[2]}` });
    expect(moved.body).toContain("Order saved.");
    expect(await pageOrder(c.id, ids)).toEqual([ids[0], ids[2], ids[1]]);
    const dragged = await post(catalogue, `/admin/collections/${c.id}`, {
      intent: "order",
      order: [ids[1], ids[0], ids[2]].join(","),
    });
    expect(dragged.statusCode).toBe(200);
    expect(await pageOrder(c.id, ids)).toEqual([ids[1], ids[0], ids[2]]);
    const stale = await post(catalogue, `/admin/collections/${c.id}`, {
      intent: "order",
      order: [ids[0], ids[1]].join(","),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("changed while you were ordering them");
    await post(catalogue, `/admin/collections/${c.id}`, { intent: "move", product: `remove:${ids[0]}` });
    expect(await pageOrder(c.id, ids)).toEqual([ids[1], ids[2]]);
  });

  it("features a collection on the home page's slider at once", async () => {
    const c = await withProducts(fresh(1));
    const photo = (await call(catalogue, "GET", `/api/admin/collections/${c.id}`)).json().image_choices[0] as string;
    await post(catalogue, `/admin/collections/${c.id}`, { intent: "image", image_url: photo });
    await post(catalogue, `/admin/collections/${c.id}`, {
      intent: "details",
      name: "Slider Star",
      description: "",
      position: "0",
      is_active: "on",
      is_featured: "on",
    });
    const home = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(home).toContain("Slider Star");
    expect(home).toMatch(/aria-label="\d+ of \d+: Slider Star"/);
    await post(catalogue, `/admin/collections/${c.id}`, {
      intent: "details",
      name: "Slider Star",
      description: "",
      position: "0",
      is_active: "on",
    });
    expect((await t.app.inject({ method: "GET", url: "/" })).body).not.toMatch(/aria-label="\d+ of \d+: Slider Star"/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two staff at once on PostgreSQL", () => {
  it("reorders, adds and removes at once without corrupting positions", async () => {
    const ids = fresh(8);
    const c = await withProducts(ids.slice(0, 6));
    const reversed = [...ids.slice(0, 6)].reverse();
    const rotated = [...ids.slice(1, 6), ids[0]!];
    const answers = await Promise.all([
      call(catalogue, "PUT", `/api/admin/collections/${c.id}/products`, { product_ids: reversed }),
      call(owner, "PUT", `/api/admin/collections/${c.id}/products`, { product_ids: rotated }),
      call(owner, "POST", `/api/admin/collections/${c.id}/products/${ids[6]}`),
      call(catalogue, "POST", `/api/admin/collections/${c.id}/products/${ids[7]}`),
      call(owner, "DELETE", `/api/admin/collections/${c.id}/products/${ids[2]}`),
    ]);
    for (const a of answers) expect([200, 201, 204, 409]).toContain(a.statusCode);
    const after = await positions(c.id);
    // 6 + 2 added - 1 removed, numbered 0..n-1 with no tie or gap
    expect(after.length).toBe(7);
    expect(after.map((p) => p.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(new Set(after.map((p) => p.product_id)).size).toBe(7);
    for (let round = 0; round < 5; round++) {
      const current = after.map((p) => p.product_id);
      const shuffled = [...current].sort(() => Math.random() - 0.5);
      const both = await Promise.all([
        call(catalogue, "PUT", `/api/admin/collections/${c.id}/products`, { product_ids: shuffled }),
        call(owner, "PUT", `/api/admin/collections/${c.id}/products`, { product_ids: [...current].reverse() }),
      ]);
      for (const a of both) expect(a.statusCode).toBe(200);
      const now = await positions(c.id);
      expect(now.map((p) => p.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      // the last writer's order, whole
      const order = now.map((p) => p.product_id);
      expect([JSON.stringify(shuffled), JSON.stringify([...current].reverse())]).toContain(JSON.stringify(order));
    }
  }, 60_000);
});
