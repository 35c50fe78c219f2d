// Home page sections that fill themselves and hand-picked lists reordered in one save (decision
// 0097), through the staff API: a section is either picked by hand or "the newest N products"
// (published and in stock, newest first, ties by the later product), N from 1 to 24 and nothing
// else; a reorder names the version of the list it was made from, so two staff reordering at once
// get one winner and a 409, and names exactly that section's products (422 otherwise). With the
// pages built, the home page (through the page cache as shipped) shows a product published just now.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogue, packer, startOrderDesk, t, withPages } from "../helpers/order-desk";
import { hasPageBuild } from "../helpers/page-app";
import { rows } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";

const pages = hasPageBuild();
let serial = 0;
const unique = (word: string) => `${word} ${Date.now().toString(36)}-${++serial}`;

startOrderDesk({ app: withPages({ cacheMs: 60_000 }), members: ["catalogue", "fulfilment"] });

const call = (who: TestStaff, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

interface Section {
  id: number;
  name: string;
  kind: string;
  newest_count: number;
  products_version: number;
  products: { id: number }[];
}

const layout = async () =>
  (await t.app.inject({ method: "GET", url: "/api/homepage-layout" })).json().categories as {
    id: number;
    name: string;
    products: { id: number; name: string }[];
  }[];

/** A simple product (no combinations) created `daysAhead` days from now, so it is the newest. */
async function product(fields: { daysAhead: number; stock?: number; active?: boolean; name?: string }) {
  const name = fields.name ?? unique("Newest lawn");
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into products (name, price_paisa, min_price_paisa, max_price_paisa, stock, is_active, created_at)
        values (${name}, 250000, 250000, 250000, ${fields.stock ?? 5}, ${fields.active ?? true},
                now() + make_interval(days => ${fields.daysAhead}))
        returning id`,
  );
  t.core.cache.clear();
  return row!.id;
}

async function addSection(body: Record<string, unknown>) {
  const res = await call(catalogue, "POST", "/api/admin/home-sections", { name: unique("Section"), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Section;
}

describe("a section of the newest products", () => {
  it("shows the newest N published products in stock, newest first, a tie going to the later product", async () => {
    // far ahead of every demo product, so these are the newest in the shop
    const older = await product({ daysAhead: 1000 });
    const tieA = await product({ daysAhead: 1001 });
    const [tied] = await rows<{ created_at: string }>(t, sql`select created_at from products where id = ${tieA}`);
    const [tieBRow] = await rows<{ id: number }>(
      t,
      sql`insert into products (name, price_paisa, min_price_paisa, max_price_paisa, stock, created_at)
          values (${unique("Tied lawn")}, 250000, 250000, 250000, 3, ${tied!.created_at}) returning id`,
    );
    const tieB = tieBRow!.id;
    const hidden = await product({ daysAhead: 1002, active: false });
    const soldOut = await product({ daysAhead: 1003, stock: 0 });
    t.core.cache.clear();

    const section = await addSection({ kind: "newest", newest_count: 3 });
    expect(section.kind).toBe("newest");
    expect(section.newest_count).toBe(3);
    const shown = (await layout()).find((s) => s.id === section.id);
    expect(shown?.products.map((p) => p.id)).toEqual([tieB, tieA, older]);
    expect(shown?.products.map((p) => p.id)).not.toContain(hidden);
    expect(shown?.products.map((p) => p.id)).not.toContain(soldOut);

    // one: only the newest
    const one = await call(catalogue, "PATCH", `/api/admin/home-sections/${section.id}`, { newest_count: 1 });
    expect(one.statusCode, one.body).toBe(200);
    expect((await layout()).find((s) => s.id === section.id)?.products.map((p) => p.id)).toEqual([tieB]);

    // published now, it is there at once
    await rows(t, sql`update products set is_active = true where id = ${hidden}`);
    t.core.cache.clear();
    expect((await layout()).find((s) => s.id === section.id)?.products.map((p) => p.id)).toEqual([hidden]);
  });

  it("takes N from 1 to 24 and refuses anything else with 422 naming the field", async () => {
    const section = await addSection({ kind: "newest", newest_count: 24 });
    expect(section.newest_count).toBe(24);
    expect((await layout()).find((s) => s.id === section.id)?.products).toHaveLength(24);
    for (const bad of [0, 25, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, "8", "x".repeat(1_000_000), null, true]) {
      const res = await call(catalogue, "PATCH", `/api/admin/home-sections/${section.id}`, { newest_count: bad });
      expect([413, 422], `${String(bad).slice(0, 20)}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (res.statusCode === 422) expect(res.json().detail).toMatch(/newest_count/);
    }
    for (const bad of ["", "latest", "newest\u0000", "x".repeat(10_000), 7]) {
      const res = await call(catalogue, "PATCH", `/api/admin/home-sections/${section.id}`, { kind: bad });
      // a NUL byte anywhere in a body is refused as malformed before any schema (400)
      expect(res.statusCode, res.body).toBe(String(bad).includes("\u0000") ? 400 : 422);
      expect(res.json().detail).toMatch(/kind/);
    }
    const after = (await call(catalogue, "GET", "/api/admin/home-sections")).json() as Section[];
    expect(after.find((s) => s.id === section.id)).toMatchObject({ kind: "newest", newest_count: 24 });
  });

  it("keeps a picked list when a section turns to newest and back, and takes no products while it is newest", async () => {
    const section = await addSection({});
    expect(section.kind).toBe("picked");
    const ids = (await rows<{ id: number }>(t, sql`select id from products where is_active order by id limit 2`)).map(
      (r) => r.id,
    );
    for (const id of ids) {
      expect(
        (await call(catalogue, "POST", `/api/admin/home-sections/${section.id}/products`, { product_id: id }))
          .statusCode,
      ).toBe(201);
    }
    await call(catalogue, "PATCH", `/api/admin/home-sections/${section.id}`, { kind: "newest" });
    const refused = await call(catalogue, "POST", `/api/admin/home-sections/${section.id}/products`, {
      product_id: ids[0],
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const back = await call(catalogue, "PATCH", `/api/admin/home-sections/${section.id}`, { kind: "picked" });
    expect(back.json().products.map((p: { id: number }) => p.id)).toEqual(ids);
    expect((await layout()).find((s) => s.id === section.id)?.products.map((p) => p.id)).toEqual(ids);
    const [audit] = await rows<{ changes: Record<string, unknown> }>(
      t,
      sql`select changes from audit_log where action = 'home_section.update' and entity_id = ${String(section.id)} order by id limit 1`,
    );
    expect(audit?.changes).toHaveProperty("kind");
  });
});

describe("reordering a picked list in one save", () => {
  async function pickedSection(count = 3) {
    const section = await addSection({});
    const ids = (
      await rows<{ id: number }>(t, sql`select id from products where is_active order by id limit ${count}`)
    ).map((r) => r.id);
    let last = section;
    for (const id of ids) {
      const res = await call(catalogue, "POST", `/api/admin/home-sections/${section.id}/products`, { product_id: id });
      last = res.json();
    }
    return { section: last, ids };
  }

  it("saves a new order made from the list as it is, and refuses one made from an older list with 409", async () => {
    const { section, ids } = await pickedSection();
    const [a, b, c] = ids as [number, number, number];
    const version = section.products_version;
    const first = await call(catalogue, "PUT", `/api/admin/home-sections/${section.id}/products/order`, {
      ids: [c, a, b],
      version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().products.map((p: { id: number }) => p.id)).toEqual([c, a, b]);
    expect(first.json().products_version).toBeGreaterThan(version);

    const stale = await call(catalogue, "PUT", `/api/admin/home-sections/${section.id}/products/order`, {
      ids: [b, c, a],
      version,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().detail).toMatch(/changed/i);
    expect((await layout()).find((s) => s.id === section.id)?.products.map((p) => p.id)).toEqual([c, a, b]);

    const [audit] = await rows<{ changes: { order: number[] } }>(
      t,
      sql`select changes from audit_log where action = 'home_section.product_reorder' and entity_id = ${String(section.id)}`,
    );
    expect(audit?.changes.order).toEqual([c, a, b]);
  });

  it("gives one of two reorders sent at once from the same list the win, the other 409", async () => {
    const { section, ids } = await pickedSection();
    const [a, b, c] = ids as [number, number, number];
    const answers = await Promise.all(
      [
        [c, b, a],
        [b, a, c],
      ].map((order) =>
        call(catalogue, "PUT", `/api/admin/home-sections/${section.id}/products/order`, {
          ids: order,
          version: section.products_version,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers
      .find((r) => r.statusCode === 200)!
      .json()
      .products.map((p: { id: number }) => p.id);
    expect((await layout()).find((s) => s.id === section.id)?.products.map((p) => p.id)).toEqual(winner);
  });

  it("refuses ids of another section, unknown ids and hostile values with 422, and changes nothing", async () => {
    const { section, ids } = await pickedSection();
    const other = await pickedSection(4);
    const foreign = other.ids[3]!;
    const version = section.products_version;
    for (const bad of [
      [ids[0], ids[1], foreign],
      [ids[0], ids[1], 999_999_999],
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [...ids, foreign],
    ]) {
      const res = await call(catalogue, "PUT", `/api/admin/home-sections/${section.id}/products/order`, {
        ids: bad,
        version,
      });
      expect(res.statusCode, `${JSON.stringify(bad)}: ${res.body}`).toBe(422);
    }
    for (const body of [
      { ids: [ids[0], ids[1], "x"], version },
      { ids: [ids[0], ids[1], 2 ** 53], version },
      { ids, version: -1 },
      { ids, version: "1" },
      { ids, version: 1e308 },
    ]) {
      const res = await call(catalogue, "PUT", `/api/admin/home-sections/${section.id}/products/order`, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(422);
    }
    const after = (await call(catalogue, "GET", "/api/admin/home-sections")).json() as Section[];
    const same = after.find((s) => s.id === section.id)!;
    expect(same.products.map((p) => p.id)).toEqual(ids);
    expect(same.products_version).toBe(version);
  });

  it("refuses a reorder to staff without the content permission", async () => {
    const { section, ids } = await pickedSection();
    const res = await call(packer, "PUT", `/api/admin/home-sections/${section.id}/products/order`, {
      ids: [...ids].reverse(),
      version: section.products_version,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe.runIf(pages)("the home page through the page cache", () => {
  it("shows a product published just now in a section of the newest", async () => {
    const section = await addSection({ kind: "newest", newest_count: 2, name: unique("New in") });
    const name = unique("Just published kurta");
    const id = await product({ daysAhead: 2000, active: false, name });
    // rendered and cached without it
    expect((await t.app.inject({ method: "GET", url: "/" })).body).not.toContain(name);
    // published through the staff API: the write clears the cached page
    const editable = (await call(catalogue, "GET", `/api/admin/products/${id}`)).json();
    const published = await call(catalogue, "PUT", `/api/admin/products/${id}`, {
      name: editable.name,
      custom_url: editable.custom_url,
      description: editable.description,
      description_format: editable.description_format,
      structured_description: editable.structured_description,
      material_type: editable.material_type,
      price: editable.price,
      compare_price: editable.compare_price,
      collection_ids: editable.collection_ids,
      custom_fields: editable.custom_fields,
      faqs: editable.faqs,
      size_guide: editable.size_guide,
      is_active: true,
      options: [],
      combinations: [],
      stock: editable.stock,
      stock_seen: editable.stock,
      updated_at: editable.updated_at,
    });
    expect(published.statusCode, published.body).toBe(200);
    const home = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(home).toContain(section.name);
    expect(home).toContain(name);
  });
});
