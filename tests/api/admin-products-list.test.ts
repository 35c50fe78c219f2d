// The console's product list through the staff API (decision 0062): search, filters and pages;
// and, with the pages built, the console's product pages and the shop's product page.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { openStaffSession } from "../../core/staff/sessions";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  catalogue,
  packer,
  collectionIds,
  pages,
  call,
  create,
  startProductEditorStore,
} from "../helpers/product-editor";

startProductEditorStore();

describe("the list", () => {
  it("searches by name, custom URL and SKU; filters by collection, stock and state; pages newest first", async () => {
    const tag = `Zq${Date.now()}`;
    const a = await create({ name: `${tag} Alpha`, collection_ids: collectionIds.slice(1, 2) });
    const b = await create({ name: `${tag} Beta`, options: [], combinations: [], stock: 3 });
    const c = await create({ name: `${tag} Gamma`, options: [], combinations: [], stock: 0, is_active: false });
    const list = async (q: string) =>
      ((await call(catalogue, "GET", `/api/admin/products?search=${tag}${q}`)).json() as { id: number }[]).map(
        (x) => x.id,
      );
    expect(await list("")).toEqual([c.id, b.id, a.id]);
    expect(await list("&sort=name")).toEqual([a.id, b.id, c.id]);
    expect(await list("&stock=low")).toEqual([b.id]);
    expect(await list("&stock=out")).toEqual([c.id]);
    expect(await list("&stock=in_stock")).toEqual([b.id, a.id]);
    expect(await list("&state=hidden")).toEqual([c.id]);
    expect(await list(`&collection_id=${collectionIds[1]}`)).toEqual([a.id]);
    const page = await call(catalogue, "GET", `/api/admin/products?search=${tag}&limit=2&offset=2`);
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json().map((x: { id: number }) => x.id)).toEqual([a.id]);
    const [first] = (await call(catalogue, "GET", `/api/admin/products?search=${tag} Alpha`)).json();
    expect(first).toMatchObject({
      id: a.id,
      stock_quantity: 26,
      combinations: 4,
      min_price: 2499,
      max_price: 2699,
      state: "active",
    });
    const sku = (await call(catalogue, "GET", `/api/admin/products?search=TLK-S-BLK`)).json() as { id: number }[];
    expect(sku.map((x) => x.id)).toContain(a.id);
    const byUrl = (await call(catalogue, "GET", `/api/admin/products?search=${a.custom_url}`)).json() as {
      id: number;
    }[];
    expect(byUrl.map((x) => x.id)).toEqual([a.id]);
    for (const bad of ["stock=some", "state=gone", "sort=price", "limit=0", `search=${"x".repeat(101)}`]) {
      const res = await call(catalogue, "GET", `/api/admin/products?${bad}`);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await call(catalogue, "GET", "/api/admin/products?search=%00")).statusCode).toBe(400);
  });
});

describe.skipIf(!pages)("the console's product pages", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };
  const postForm = async (who: TestStaff, url: string, fields: [string, string][]) =>
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

  it("open for the catalogue team, not for fulfilment, and take hostile filters calmly", async () => {
    const p = await create();
    const refused = await consoleCookie(packer);
    for (const url of ["/admin/products", `/admin/products/${p.id}`, "/admin/products/new"]) {
      expect((await t.app.inject({ method: "GET", url, headers: refused })).statusCode, url).toBe(403);
    }
    const headers = await consoleCookie(catalogue);
    for (const query of [
      "",
      "?state=archived&sort=name",
      "?stock=low&collection=1",
      "?stock=bogus&state=gone&collection=abc",
      `?search=${encodeURIComponent("<script>alert(1)</script>' or 1=1 --")}`,
      `?search=${"x".repeat(5000)}`,
      "?page=99999999999",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/products${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).not.toContain("<script>alert(1)");
    }
    const editor = await t.app.inject({ method: "GET", url: `/admin/products/${p.id}`, headers });
    expect(editor.statusCode).toBe(200);
    expect(editor.body).toContain(`/admin/products/${p.id}/photos`);
    expect(editor.body).toContain(`/admin/products/${p.id}/stock`);
    for (const url of ["/admin/products/abc", "/admin/products/999999999"]) {
      expect((await t.app.inject({ method: "GET", url, headers })).statusCode, url).toBe(404);
    }
    const check = await t.app.inject({ method: "GET", url: `/admin/products/url-check?url=${p.custom_url}`, headers });
    expect(check.json()).toMatchObject({ available: false });
  });

  it("creates a product from the plain form (no script) and the shop's page shows it at once", async () => {
    const slug = `plain-form-${Date.now()}`;
    const fields: [string, string][] = [
      ["name", "Plain Form Kurta"],
      ["custom_url", slug],
      ["price", "1999"],
      ["compare_price", ""],
      ["visibility", "active"],
      ["size_guide", "none"],
      ["description_format", "structured"],
      ["description", "Made <b>by hand</b>."],
      ["bullet_points", "Pure cotton\nHand block print"],
      ["highlights", "Hand made"],
      ["option_type_0", "size"],
      ["option_values_0", "S, M"],
      ["option_type_1", "colour"],
      ["option_values_1", "Indigo #3f51b5"],
      ["option_type_2", ""],
      ["option_values_2", ""],
      ["cf_key", "Fit"],
      ["cf_value", "Loose"],
      ["faq_q", "Does it fade?"],
      ["faq_a", "No."],
      ["intent", "save"],
    ];
    // first "Update the grid": the page draws the two rows, nothing saved
    const drawn = await postForm(catalogue, "/admin/products/new", [...fields.slice(0, -1), ["intent", "grid"]]);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain("S / Indigo");
    expect(drawn.body).toContain("M / Indigo");
    const grid = [
      ["c_0_attrs", JSON.stringify({ size: "S", color: "Indigo" })],
      ["c_0_name", "S / Indigo"],
      ["c_0_price", ""],
      ["c_0_sku", "PF-S"],
      ["c_0_available", "on"],
      ["c_0_stock", "3"],
      ["c_1_attrs", JSON.stringify({ size: "M", color: "Indigo" })],
      ["c_1_name", "M / Indigo"],
      ["c_1_price", "2099"],
      ["c_1_sku", ""],
      ["c_1_available", "on"],
      ["c_1_stock", "4"],
    ] as [string, string][];
    const saved = await postForm(catalogue, "/admin/products/new", [...fields, ...grid]);
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(302);
    const id = Number(/\/admin\/products\/(\d+)\?saved=1/.exec(saved.headers.location as string)?.[1]);
    const product = (await call(catalogue, "GET", `/api/admin/products/${id}`)).json();
    expect(product).toMatchObject({ name: "Plain Form Kurta", size_guide: "none", min_price: 1999, max_price: 2099 });
    expect(product.structured_description).toEqual({
      bullet_points: ["Pure cotton", "Hand block print"],
      highlights: ["Hand made"],
    });
    expect(product.options[1].values).toEqual([{ value: "Indigo", color_hex: "#3f51b5" }]);
    const page = await t.app.inject({ method: "GET", url: `/p/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Plain Form Kurta");
    expect(page.body).toContain("Hand block print");

    // a bad price comes back as the form's message, with what was typed kept
    const bad = await postForm(catalogue, `/admin/products/${id}`, [
      ...fields.map(([k, v]): [string, string] => (k === "price" ? [k, "12abc"] : [k, v])),
      ["updated_at", product.updated_at],
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Price must be an amount in rupees");
    expect(bad.body).toContain("12abc");
  });
});
