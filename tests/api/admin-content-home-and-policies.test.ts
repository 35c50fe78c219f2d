// The Content back office (decision 0067) through the staff API: the home page's sections and videos,
// and the policy pages' text; each change audited and (with the pages built) seen on the storefront
// at once, through the page cache as shipped.
import { describe, expect, it, onTestFinished } from "vitest";
import { catalogue, productIds, pages, unique, call, get, audits, startContentStore } from "../helpers/content-desk";

startContentStore();

describe("home page sections and videos", () => {
  it("builds a section of products in order, shows it on the home page, hides and deletes it", async () => {
    const name = `Eid picks ${unique("s")}`;
    const made = await call(catalogue, "POST", "/api/admin/home-sections", {
      name,
      description: "For the festive days",
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const [a, b, c] = productIds as [number, number, number];
    for (const productId of [a, b, c]) {
      const res = await call(catalogue, "POST", `/api/admin/home-sections/${id}/products`, { product_id: productId });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(
      (await call(catalogue, "POST", `/api/admin/home-sections/${id}/products`, { product_id: a })).statusCode,
    ).toBe(409);
    expect(
      (await call(catalogue, "POST", `/api/admin/home-sections/${id}/products`, { product_id: 99999999 })).statusCode,
    ).toBe(422);
    const ordered = await call(catalogue, "PUT", `/api/admin/home-sections/${id}/products/order`, { ids: [c, a, b] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().products.map((p: { id: number }) => p.id)).toEqual([c, a, b]);
    expect(
      (await call(catalogue, "PUT", `/api/admin/home-sections/${id}/products/order`, { ids: [c, a] })).statusCode,
    ).toBe(422);

    const layout = (await get("/api/homepage-layout")).json().categories as {
      name: string;
      products: { id: number }[];
    }[];
    const section = layout.find((s) => s.name === name);
    expect(section?.products.map((p) => p.id)).toEqual([c, a, b]);
    if (pages) expect((await get("/")).body).toContain(name);

    const removed = await call(catalogue, "DELETE", `/api/admin/home-sections/${id}/products/${a}`);
    expect(removed.json().products.map((p: { id: number }) => p.id)).toEqual([c, b]);
    expect((await call(catalogue, "DELETE", `/api/admin/home-sections/${id}/products/${a}`)).statusCode).toBe(404);

    const search = await call(catalogue, "GET", `/api/admin/home-sections/product-search?q=${String(b)}`);
    expect(search.json().map((p: { id: number }) => p.id)).toContain(b);

    // section order: this one first
    const all = (await call(catalogue, "GET", "/api/admin/home-sections")).json() as { id: number }[];
    const order = [id, ...all.map((s) => s.id).filter((x) => x !== id)];
    const moved = await call(catalogue, "PUT", "/api/admin/home-sections/order", { ids: order });
    expect(moved.json().map((s: { id: number }) => s.id)).toEqual(order);
    expect((await get("/api/homepage-layout")).json().categories[0].name).toBe(name);

    await call(catalogue, "PATCH", `/api/admin/home-sections/${id}`, { is_active: false });
    expect((await get("/api/homepage-layout")).json().categories.map((s: { name: string }) => s.name)).not.toContain(
      name,
    );
    if (pages) expect((await get("/")).body).not.toContain(name);
    expect((await call(catalogue, "DELETE", `/api/admin/home-sections/${id}`)).statusCode).toBe(200);
    expect((await call(catalogue, "PATCH", `/api/admin/home-sections/${id}`, { name: "x" })).statusCode).toBe(404);
    expect((await audits("home_section.product_reorder")).some((e) => e.entity_id === String(id))).toBe(true);
  });

  it("takes only video addresses the storefront can play", async () => {
    for (const video_url of [
      "https://evil.example/watch?v=abcdefgh",
      "javascript:alert(1)",
      "https://www.youtube.com/watch?v=<script>",
      "not a url",
      `https://youtu.be/${"a".repeat(600)}`,
    ]) {
      const res = await call(catalogue, "POST", "/api/admin/home-videos", { title: "Bad", video_url });
      expect(res.statusCode, video_url).toBe(422);
      expect(res.json().detail).toMatch(/video_url/);
    }
    const title = `Lawn lookbook ${unique("v")}`;
    const added = await call(catalogue, "POST", "/api/admin/home-videos", {
      title,
      description: "Three looks",
      video_url: "https://youtu.be/dQw4w9WgXcQ",
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as number;
    expect((await get("/api/homepage-videos")).json().map((v: { title: string }) => v.title)).toContain(title);
    const changed = await call(catalogue, "PATCH", `/api/admin/home-videos/${id}`, {
      video_url: "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      is_active: false,
    });
    expect(changed.json()).toMatchObject({ is_active: false, video_url: "https://www.youtube.com/shorts/dQw4w9WgXcQ" });
    expect((await get("/api/homepage-videos")).json().map((v: { title: string }) => v.title)).not.toContain(title);
    const list = (await call(catalogue, "GET", "/api/admin/home-videos")).json() as { id: number }[];
    const order = list.map((v) => v.id).reverse();
    expect(
      (await call(catalogue, "PUT", "/api/admin/home-videos/order", { ids: order }))
        .json()
        .map((v: { id: number }) => v.id),
    ).toEqual(order);
    expect((await call(catalogue, "DELETE", `/api/admin/home-videos/${id}`)).statusCode).toBe(200);
    expect((await audits("home_video.delete")).some((e) => e.entity_id === String(id))).toBe(true);
  });
});

describe("policy pages", () => {
  it("stores the refund policy's text, cleaned, shown on its page and dated in the sitemap at once", async () => {
    // if an expectation fails before the reset below, the stored text must not reach later tests
    onTestFinished(async () => {
      await call(catalogue, "DELETE", "/api/admin/policy-pages/refund-policy");
    });
    const shipped = pages ? (await get("/refund-policy")).body : "";
    const res = await call(catalogue, "PUT", "/api/admin/policy-pages/refund-policy", {
      content:
        '<h2>Exchanges</h2><p>Within <strong>10 days</strong>.</p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ slug: "refund-policy", stored: true, title: "Return & Exchange Policy" });
    expect(res.json().content).toBe(
      '<h2>Exchanges</h2><p>Within <strong>10 days</strong>.</p><img src="x" loading="lazy" />',
    );
    if (pages) {
      expect(shipped).toContain("<strong>No refunds.</strong>");
      const page = (await get("/refund-policy")).body;
      expect(page).toContain("Within <strong>10 days</strong>.");
      expect(page).not.toContain("<strong>No refunds.</strong>");
      expect(page).not.toContain("__xss");
      // lastmod is an instant in UTC (…Z), so compare instants: a Karachi date here failed every
      // evening from 19:00 UTC, when Karachi's day is already the next one
      const sitemap = (await get("/sitemap.xml")).body;
      const lastmod = /\/refund-policy<\/loc>\s*<lastmod>([^<]+)<\/lastmod>/.exec(sitemap)?.[1] ?? "";
      expect(lastmod).toMatch(/Z$/);
      expect(Math.abs(Date.now() - Date.parse(lastmod)), lastmod).toBeLessThan(5 * 60_000);
    }
    expect((await audits("policy_page.update")).some((e) => e.entity_id === "refund-policy")).toBe(true);

    // back to the shipped text
    const reset = await call(catalogue, "DELETE", "/api/admin/policy-pages/refund-policy");
    expect(reset.json()).toMatchObject({ stored: false });
    if (pages) expect((await get("/refund-policy")).body).toContain("<strong>No refunds.</strong>");

    for (const [url, payload, status] of [
      ["/api/admin/policy-pages/shipping", { content: "<p>x</p>" }, 422],
      ["/api/admin/policy-pages/terms", { content: "<script>x</script>" }, 422],
      ["/api/admin/policy-pages/terms", { content: "x".repeat(100_001) }, 422],
      ["/api/admin/policy-pages/terms", {}, 422],
    ] as const) {
      const bad = await call(catalogue, "PUT", url, payload);
      expect(bad.statusCode, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBe(status);
    }
    const list = await call(catalogue, "GET", "/api/admin/policy-pages");
    expect(list.json().map((p: { slug: string }) => p.slug)).toEqual(["terms", "privacy", "refund-policy", "about"]);
  });
});
