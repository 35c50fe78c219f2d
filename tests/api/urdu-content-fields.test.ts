// The shop's own texts in Urdu through the staff API (decision 0111): a product, collection, blog
// post, announcement and policy page written with their Urdu twins, checked as the English fields
// are, the audit row naming the Urdu that changed, only whitespace stored as none, hostile values
// refused, a member without the permission refused; the public API gives the twins, and a search
// in Urdu script finds a product by its Urdu name.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startOrderDesk, staffCall as call, t, owner, catalogue, packer } from "../helpers/order-desk";
import { rows } from "../helpers/shop";

startOrderDesk({ members: ["catalogue", "fulfilment"] });

let serial = 0;
const product = (extra: Record<string, unknown> = {}) => ({
  name: `Urdu Test Kurti ${++serial}`,
  description: "Pink lawn kurti.",
  description_format: "plain",
  price: 1990,
  ...extra,
});

async function auditOf(action: string, id: number | string) {
  const found = await rows<{ changes: Record<string, unknown> }>(
    t,
    sql`select changes from audit_log where action = ${action} and entity_id = ${String(id)} order by id desc limit 1`,
  );
  return found[0]?.changes;
}

describe("a product's Urdu name and description", () => {
  it("are stored, audited, shown by the public API and found by an Urdu search", async () => {
    const created = await call(
      catalogue,
      "POST",
      "/api/admin/products",
      product({ name_ur: "  گلابی لان کُرتی  ", stock: 4 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ name_ur: "گلابی لان کُرتی", description_ur: null });
    expect(await auditOf("product.create", p.id)).toMatchObject({ name_ur: "گلابی لان کُرتی" });

    const changed = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, {
      ...product({ name: p.name }),
      name_ur: "گلابی لان کُرتی نئی",
      description_ur: "ہلکی پھلکی لان کی کُرتی۔",
      updated_at: p.updated_at,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await auditOf("product.update", p.id)).toMatchObject({
      nameUr: ["گلابی لان کُرتی", "گلابی لان کُرتی نئی"],
      descriptionUr: "changed",
    });

    const shown = await t.app.inject({ method: "GET", url: `/api/products/${p.id}` });
    expect(shown.json()).toMatchObject({ name_ur: "گلابی لان کُرتی نئی", description_ur: "ہلکی پھلکی لان کی کُرتی۔" });

    // without its diacritics and with the Arabic kaf and heh a phone keyboard may give: one word
    for (const search of ["گلابی", "کرتی نئی", "گلابي نئى"]) {
      const found = await t.app.inject({
        method: "GET",
        url: `/api/products?limit=100&search=${encodeURIComponent(search)}`,
      });
      expect(found.statusCode).toBe(200);
      expect(
        found.json().map((i: { id: number }) => i.id),
        search,
      ).toContain(p.id);
    }
  });

  it("keeps the Urdu when a save leaves it out, and clears it when it is only whitespace", async () => {
    const p = (await call(catalogue, "POST", "/api/admin/products", product({ name_ur: "کُرتی" }))).json();
    const kept = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, {
      ...product({ name: p.name, description: "Changed." }),
      updated_at: p.updated_at,
    });
    expect(kept.json()).toMatchObject({ name_ur: "کُرتی" });
    expect(await auditOf("product.update", p.id)).not.toHaveProperty("nameUr");
    const cleared = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, {
      ...product({ name: p.name, description: "Changed." }),
      name_ur: " \n\t ",
      updated_at: kept.json().updated_at,
    });
    // a line break is a control character in a one-line name, as in the English name
    expect(cleared.statusCode).toBe(422);
    const spaces = await call(catalogue, "PUT", `/api/admin/products/${p.id}`, {
      ...product({ name: p.name, description: "Changed." }),
      name_ur: "   ",
      updated_at: kept.json().updated_at,
    });
    expect(spaces.statusCode, spaces.body).toBe(200);
    expect(spaces.json().name_ur).toBeNull();
  });

  it("cleans an HTML Urdu description as the English is cleaned", async () => {
    const hostile = '<p onclick="alert(1)">لان<script>alert(1)</script></p><img src=x onerror=alert(1)>';
    const res = await call(
      catalogue,
      "POST",
      "/api/admin/products",
      product({ description_format: "html", description: hostile, description_ur: hostile }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().description_ur).toBe(res.json().description);
    expect(res.json().description_ur).not.toMatch(/script|onclick|onerror/);
    // HTML with no text left after cleaning is no Urdu: the English shows
    const empty = await call(
      catalogue,
      "POST",
      "/api/admin/products",
      product({ description_format: "html", description: "<p>x</p>", description_ur: "<p> <script>x</script></p>" }),
    );
    expect(empty.json().description_ur).toBeNull();
  });

  it("refuses hostile values, the length checked first, and stores nothing", async () => {
    const before = await rows<{ n: number }>(t, sql`select count(*)::int as n from products`);
    for (const [label, value, statuses] of [
      ["NUL byte", "لان\u0000", [400, 422]],
      ["lone surrogate", "لان\ud800", [400, 422]],
      ["one over the name's limit", "ل".repeat(201), [422]],
      ["1 MB string", "ل".repeat(1_048_576), [413, 422]],
      ["a number", 42, [422]],
    ] as const) {
      const res = await call(catalogue, "POST", "/api/admin/products", product({ name_ur: value }));
      expect(statuses, `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      if (res.statusCode !== 413) expect(res.body, label).toMatch(/name_ur|Urdu name/);
    }
    const long = await call(catalogue, "POST", "/api/admin/products", product({ description_ur: "ل".repeat(20_001) }));
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain("Urdu description must be at most 20,000 characters");
    const after = await rows<{ n: number }>(t, sql`select count(*)::int as n from products`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("refuses a member without the products permission", async () => {
    const res = await call(packer, "POST", "/api/admin/products", product({ name_ur: "کُرتی" }));
    expect(res.statusCode).toBe(403);
  });
});

describe("a collection's Urdu name and description", () => {
  it("are created, changed and cleared with their audit rows, and shown by the public API", async () => {
    const created = await call(catalogue, "POST", "/api/admin/collections", {
      name: "Urdu Test Lawn",
      name_ur: "لان کلیکشن",
      description_ur: "گرمیوں کی لان",
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({ name_ur: "لان کلیکشن", description_ur: "گرمیوں کی لان" });
    expect(await auditOf("collection.create", c.id)).toMatchObject({ name_ur: "لان کلیکشن" });

    const changed = await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, {
      name_ur: "نئی لان",
      description_ur: " ",
    });
    expect(changed.json()).toMatchObject({ name_ur: "نئی لان", description_ur: null, changed: true });
    expect(await auditOf("collection.update", c.id)).toEqual({
      nameUr: ["لان کلیکشن", "نئی لان"],
      descriptionUr: ["گرمیوں کی لان", null],
    });
    const shown = await t.app.inject({ method: "GET", url: `/api/collections/${c.id}` });
    expect(shown.json()).toMatchObject({ name_ur: "نئی لان", description_ur: null });

    const nul = await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, { name_ur: "لان\u0000" });
    expect([400, 422]).toContain(nul.statusCode);
    const long = await call(catalogue, "PUT", `/api/admin/collections/${c.id}`, { name_ur: "ل".repeat(101) });
    expect(long.statusCode).toBe(422);
    expect((await call(packer, "PUT", `/api/admin/collections/${c.id}`, { name_ur: "x" })).statusCode).toBe(403);
  });
});

describe("a blog post's, an announcement's and a policy page's Urdu", () => {
  it("a post's title, excerpt and body, the body cleaned, audited and shown by the public API", async () => {
    const created = await call(owner, "POST", "/api/admin/blog-posts", {
      title: "Urdu Test Post",
      content: "<p>Hello</p>",
      title_ur: "لان کی دیکھ بھال",
      excerpt_ur: "چند آسان باتیں",
      content_ur: "<p>ٹھنڈے پانی میں دھوئیں<script>x()</script></p>",
      is_published: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json();
    expect(post).toMatchObject({ title_ur: "لان کی دیکھ بھال", excerpt_ur: "چند آسان باتیں" });
    expect(post.content_ur).toBe("<p>ٹھنڈے پانی میں دھوئیں</p>");
    const changed = await call(owner, "PATCH", `/api/admin/blog-posts/${post.id}`, {
      title_ur: "",
      content_ur: "<p> </p>",
    });
    expect(changed.json()).toMatchObject({ title_ur: null, content_ur: null });
    expect(await auditOf("blog.update", post.id)).toMatchObject({ titleUr: ["لان کی دیکھ بھال", null] });
    const shown = await t.app.inject({ method: "GET", url: `/api/blogs/${post.slug}` });
    expect(shown.json()).toMatchObject({ title_ur: null, excerpt_ur: "چند آسان باتیں", content_ur: null });
    expect((await call(packer, "PATCH", `/api/admin/blog-posts/${post.id}`, { title_ur: "x" })).statusCode).toBe(403);
  });

  it("an announcement's line, audited, shown by the public API", async () => {
    const created = await call(owner, "POST", "/api/admin/announcements", {
      content: "Urdu test announcement",
      content_ur: "پورے پاکستان میں کیش آن ڈیلیوری",
    });
    expect(created.statusCode, created.body).toBe(201);
    const a = created.json();
    expect(a.content_ur).toBe("پورے پاکستان میں کیش آن ڈیلیوری");
    await call(owner, "PATCH", `/api/admin/announcements/${a.id}`, { content_ur: "کیش آن ڈیلیوری" });
    expect(await auditOf("announcement.update", a.id)).toEqual({
      contentUr: ["پورے پاکستان میں کیش آن ڈیلیوری", "کیش آن ڈیلیوری"],
    });
    const bar = await t.app.inject({ method: "GET", url: "/api/announcements" });
    expect(bar.json()).toContainEqual(expect.objectContaining({ id: a.id, content_ur: "کیش آن ڈیلیوری" }));
    const long = await call(owner, "PATCH", `/api/admin/announcements/${a.id}`, { content_ur: "ل".repeat(201) });
    expect(long.statusCode).toBe(422);
  });

  it("a policy page's title and text, the text cleaned, with its audit row", async () => {
    const saved = await call(owner, "PUT", "/api/admin/policy-pages/about", {
      content: "<p>About the shop</p>",
      title_ur: "ہمارے بارے میں",
      content_ur: '<p>ہماری دکان<a href="javascript:alert(1)">لنک</a></p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      title_ur: "ہمارے بارے میں",
      content_ur: '<p>ہماری دکان<a rel="noopener noreferrer">لنک</a></p>',
    });
    expect(await auditOf("policy_page.update", "about")).toMatchObject({ title_ur: [null, "ہمارے بارے میں"] });
    // a save that leaves the Urdu out keeps it
    const again = await call(owner, "PUT", "/api/admin/policy-pages/about", { content: "<p>About us</p>" });
    expect(again.json().title_ur).toBe("ہمارے بارے میں");
    expect((await call(packer, "PUT", "/api/admin/policy-pages/about", { content: "<p>x</p>" })).statusCode).toBe(403);
  });
});
