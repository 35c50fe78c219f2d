import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readApi } from "../helpers/read-api";

const { t, get } = readApi();

describe("content API", () => {
  it("answers site settings with both spellings of the name and money with 2 decimals", async () => {
    const { status, body, raw } = await get("/api/site-settings");
    expect(status).toBe(200);
    expect(body.siteName).toBe(body.site_name);
    expect(body.shipping_fee).toBe(500);
    expect(raw).toContain('"shipping_fee":500.00');
    for (const field of ["free_shipping_threshold", "phone", "whatsapp_number", "schema_org_type", "default_meta_title"]) {
      expect(body).toHaveProperty(field);
    }
  });

  it("falls back to Rs. 500 when the shipping fee is 0 or unset, and to a default name", async () => {
    await t.database.db.execute(sql`update site_settings set shipping_fee_paisa = 0, site_name = null`);
    const { body } = await get("/api/site-settings");
    expect(body.shipping_fee).toBe(500);
    expect(body.siteName.length).toBeGreaterThan(0);
  });

  it("lists only active announcements", async () => {
    const { body } = await get("/api/announcements");
    expect(body.length).toBeGreaterThan(0);
    for (const a of body) expect(a.is_active).toBe(true);
  });

  it("lists blogs as summaries and featured ones up to the limit", async () => {
    const list = (await get("/api/blogs")).body;
    expect(list).toHaveLength(6);
    expect(list[0]).not.toHaveProperty("content");
    const featured = (await get("/api/blogs/featured?limit=5")).body;
    expect(featured.length).toBeLessThanOrEqual(5);
    expect(featured.length).toBeGreaterThan(0);
    expect((await get("/api/blogs/featured?limit=2")).body).toHaveLength(2);
    expect((await get("/api/blogs/featured?limit=abc")).status).toBe(422);
  });

  it("answers one post by slug or id with its sanitised body", async () => {
    const [first] = (await get("/api/blogs")).body;
    const bySlug = (await get(`/api/blogs/${first.slug}`)).body;
    const byId = (await get(`/api/blogs/${first.id}`)).body;
    expect(bySlug.id).toBe(first.id);
    expect(byId.slug).toBe(first.slug);
    for (const field of ["content", "tags", "seo_title", "seo_description", "seo_keywords"]) expect(bySlug).toHaveProperty(field);
    expect(bySlug.content).not.toMatch(/<script/i);
    const missing = await get("/api/blogs/no-such-post");
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Blog post not found.");
  });

  it("lists homepage videos and the homepage layout with products", async () => {
    const videos = (await get("/api/homepage-videos")).body;
    expect(videos.length).toBeGreaterThan(0);
    for (const field of ["id", "title", "description", "video_url"]) expect(videos[0]).toHaveProperty(field);
    const layout = (await get("/api/homepage-layout")).body;
    expect(layout.categories.length).toBeGreaterThan(0);
    const c = layout.categories[0];
    for (const field of ["id", "name", "description", "products"]) expect(c).toHaveProperty(field);
    expect(c.products.length).toBeGreaterThan(0);
    expect(c.products[0]).toHaveProperty("variant_combinations");
  });
});
