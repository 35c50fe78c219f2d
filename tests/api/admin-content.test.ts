// The Content back office (decision 0067) through the staff API: blog posts
// (drafts never shown, slugs unique, HTML cleaned on the server), announcements, and the console's
// Content pages. Each change is audited, refused to a role without the content permission, and
// (with the pages built) seen on the storefront at once, through the page cache as shipped. The
// home page's sections and videos and the policy pages are in admin-content-home-and-policies.test.ts.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { cleanHtml } from "../../core/shared/sanitize";
import { openStaffSession } from "../../core/staff/sessions";
import { GOOD_HTML, HOSTILE_HTML } from "../helpers/hostile-html";
import { rows } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  owner,
  catalogue,
  packer,
  mediaUrl,
  pages,
  unique,
  call,
  get,
  audits,
  newPost,
  startContentStore,
} from "../helpers/content-desk";

startContentStore();

describe("blog posts", () => {
  it("writes a draft that the storefront, the blog API and the sitemap never show, then publishes it", async () => {
    const slug = unique("summer-lawn-guide");
    const before = pages ? (await get("/blog")).body : "";
    const post = await newPost({
      title: "Summer lawn guide",
      slug,
      excerpt: "Cool fabrics for May",
      category: "Guides",
      tags: ["lawn", "summer", "lawn"],
      author_name: "Ayesha",
      featured_image_url: mediaUrl,
      seo_title: "Lawn in summer",
      seo_description: "How to choose lawn for the heat",
      content: "<h2>Choose</h2><p>Pick <em>light</em> lawn.</p><ul><li>Cotton</li><li>Voile</li></ul>",
    });
    expect(post).toMatchObject({ slug, status: "draft", published_at: null, tags: ["lawn", "summer"] });

    expect((await get(`/api/blogs/${slug}`)).statusCode).toBe(404);
    expect((await get(`/api/blogs/${post.id}`)).statusCode).toBe(404);
    expect((await get("/api/blogs")).json().map((b: { slug: string }) => b.slug)).not.toContain(slug);
    if (pages) {
      expect(before).not.toContain("Summer lawn guide");
      expect((await get("/blog")).body).not.toContain("Summer lawn guide");
      expect((await get(`/blog/${slug}`)).statusCode).toBe(404);
      expect((await get("/sitemap.xml")).body).not.toContain(slug);
    }
    // the console's list has it under drafts
    const drafts = await call(catalogue, "GET", "/api/admin/blog-posts?status=draft");
    expect(drafts.statusCode).toBe(200);
    expect(drafts.json().map((b: { id: number }) => b.id)).toContain(post.id);
    expect(drafts.headers["cache-control"]).toBe("no-store");

    const published = await call(catalogue, "PATCH", `/api/admin/blog-posts/${post.id}`, { is_published: true });
    expect(published.statusCode, published.body).toBe(200);
    const firstPublished = published.json().published_at as string;
    expect(firstPublished).not.toBeNull();
    expect((await get(`/api/blogs/${slug}`)).json()).toMatchObject({ title: "Summer lawn guide", category: "Guides" });
    if (pages) {
      // the /blog page was cached before: the write cleared it
      const list = (await get("/blog")).body;
      expect(list).toContain("Summer lawn guide");
      const page = await get(`/blog/${slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<li>Voile</li>");
      expect((await get("/sitemap.xml")).body).toContain(`/blog/${slug}`);
    }

    // edits show at once; unpublishing hides it again and keeps the first publication time
    await call(catalogue, "PATCH", `/api/admin/blog-posts/${post.id}`, { title: "Summer lawn, the guide" });
    if (pages) expect((await get("/blog")).body).toContain("Summer lawn, the guide");
    const hidden = await call(catalogue, "PATCH", `/api/admin/blog-posts/${post.id}`, { is_published: false });
    expect(hidden.json()).toMatchObject({ status: "draft", published_at: firstPublished });
    expect((await get(`/api/blogs/${slug}`)).statusCode).toBe(404);
    if (pages) expect((await get("/blog")).body).not.toContain("Summer lawn, the guide");
    const again = await call(catalogue, "PATCH", `/api/admin/blog-posts/${post.id}`, { is_published: true });
    expect(again.json().published_at).toBe(firstPublished);

    const log = await audits("blog.update");
    expect(log.some((e) => e.entity_id === String(post.id) && JSON.stringify(e.changes).includes("isPublished"))).toBe(
      true,
    );
    expect(
      (await audits("blog.create")).some((e) => e.entity_id === String(post.id) && e.actor_id === catalogue.id),
    ).toBe(true);

    const gone = await call(catalogue, "DELETE", `/api/admin/blog-posts/${post.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await get(`/api/blogs/${slug}`)).statusCode).toBe(404);
    expect((await call(catalogue, "DELETE", `/api/admin/blog-posts/${post.id}`)).statusCode).toBe(404);
    expect((await call(catalogue, "GET", `/api/admin/blog-posts/${post.id}`)).statusCode).toBe(404);
    expect((await audits("blog.delete")).some((e) => e.entity_id === String(post.id))).toBe(true);
  });

  it("makes the slug from the title, and refuses a taken slug with 409", async () => {
    const title = `Eid ${unique("edit")} Outfits!`;
    const post = await newPost({ title });
    expect(post.slug).toMatch(/^eid-edit-[a-z0-9]+-\d+-outfits$/);
    const taken = await call(catalogue, "POST", "/api/admin/blog-posts", { title: "Another", slug: post.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toMatch(/slug/);
    const other = await newPost();
    const renamed = await call(catalogue, "PATCH", `/api/admin/blog-posts/${other.id}`, { slug: post.slug });
    expect(renamed.statusCode).toBe(409);
    // a post keeps its own slug without a conflict
    expect((await call(catalogue, "PATCH", `/api/admin/blog-posts/${post.id}`, { slug: post.slug })).statusCode).toBe(
      200,
    );
  });

  it("refuses bad fields with 422 naming the field", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: "" }, /title/],
      [{ title: "x".repeat(201) }, /title/],
      [{ title: "A\u0007B" }, /title/],
      [{ title: "Ok", slug: "Not A Slug" }, /slug/],
      [{ title: "Ok", slug: "a--b" }, /slug/],
      [{ title: "Ok", slug: "12345" }, /slug/],
      [{ title: "Ok", slug: "x".repeat(101) }, /slug/],
      [{ title: "Ok", featured_image_url: "https://evil.example/a.jpg" }, /featured_image_url/],
      [{ title: "Ok", featured_image_url: "/media/../../etc/passwd.png" }, /featured_image_url/],
      [{ title: "Ok", featured_image_url: "/media/nothing/here-1200.webp" }, /featured_image_url/],
      [{ title: "Ok", tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, /tags/],
      [{ title: "Ok", is_published: "yes" }, /is_published/],
      [{ title: "Ok", content: "<p>x</p>".repeat(20_000) }, /content/],
      [{ title: "Ok", seo_description: "x".repeat(301) }, /seo_description/],
    ];
    for (const [payload, field] of cases) {
      const res = await call(catalogue, "POST", "/api/admin/blog-posts", payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.json().detail, JSON.stringify(payload).slice(0, 80)).toMatch(field);
    }
    expect((await call(catalogue, "GET", "/api/admin/blog-posts/abc")).statusCode).toBe(422);
    expect((await call(catalogue, "PATCH", "/api/admin/blog-posts/99999999", { title: "x" })).statusCode).toBe(404);
  });

  it("answers 413 to a 1 MB body", async () => {
    const res = await call(catalogue, "POST", "/api/admin/blog-posts", {
      title: "Big",
      content: "x".repeat(1_000_000),
    });
    expect(res.statusCode).toBe(413);
    expect(Object.keys(res.json())).toEqual(["detail"]);
    const policy = await call(catalogue, "PUT", "/api/admin/policy-pages/terms", { content: "x".repeat(1_000_000) });
    expect(policy.statusCode).toBe(413);
  });

  it("cleans hostile HTML on the server before storing it, and keeps the editor's markup", async () => {
    // NUL bytes are refused (400) before any route: see tests/api/hostile-input.test.ts
    for (const payload of HOSTILE_HTML.filter((p) => !p.includes("\u0000"))) {
      const post = await newPost({ content: `<p>Before</p>${payload}`, is_published: true });
      const [stored] = await rows<{ content: string }>(t, sql`select content from blogs where id = ${post.id}`);
      expect(stored!.content, payload).toBe(cleanHtml(`<p>Before</p>${payload}`));
      expect(stored!.content, payload).not.toMatch(/<(script|svg|math|iframe|style|meta|base|form|object|embed)\b/i);
      expect(stored!.content, payload).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
      expect(stored!.content, payload).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
      await call(catalogue, "DELETE", `/api/admin/blog-posts/${post.id}`);
    }
    // what the console's editor writes comes back as it was written
    const editor =
      '<h2>Care</h2><p>Use <b>cold</b> water and <i>mild</i> soap.</p><h3>Drying</h3><ul><li>Shade</li></ul><ol><li>One</li></ol><blockquote>Never wring.</blockquote><p><a href="https://example.pk/guide">guide</a></p>';
    const post = await newPost({ content: editor });
    expect(post.content).toBe(
      editor.replace('href="https://example.pk/guide"', 'href="https://example.pk/guide" rel="noopener noreferrer"'),
    );
    for (const good of GOOD_HTML) {
      const p = await newPost({ content: good });
      expect(p.content).toBe(cleanHtml(good));
    }
  });

  it("lists the pictures a post may feature", async () => {
    const res = await call(catalogue, "GET", "/api/admin/blog-posts/media");
    expect(res.statusCode).toBe(200);
    expect(res.json().urls).toContain(mediaUrl);
  });
});

describe("announcements", () => {
  it("adds, edits, hides, reorders and deletes the bar's announcements, shown at once", async () => {
    const words = `Free delivery this week ${unique("a")}`;
    const home = pages ? (await get("/")).body : "";
    const added = await call(catalogue, "POST", "/api/admin/announcements", { content: words });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as number;
    expect((await get("/api/announcements")).json().map((a: { content: string }) => a.content)).toContain(words);
    if (pages) {
      expect(home).not.toContain(words);
      expect((await get("/")).body).toContain(words);
    }
    const hidden = await call(catalogue, "PATCH", `/api/admin/announcements/${id}`, { is_active: false });
    expect(hidden.json()).toMatchObject({ is_active: false, content: words });
    expect((await get("/api/announcements")).json().map((a: { id: number }) => a.id)).not.toContain(id);
    if (pages) expect((await get("/")).body).not.toContain(words);
    await call(catalogue, "PATCH", `/api/admin/announcements/${id}`, { is_active: true, content: `${words}!` });

    const list = (await call(catalogue, "GET", "/api/admin/announcements")).json() as { id: number }[];
    const reversed = list.map((a) => a.id).reverse();
    const reordered = await call(catalogue, "PUT", "/api/admin/announcements/order", { ids: reversed });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().map((a: { id: number }) => a.id)).toEqual(reversed);
    const publicOrder = (await get("/api/announcements")).json().map((a: { id: number }) => a.id);
    expect(publicOrder).toEqual(reversed.filter((x) => publicOrder.includes(x)));
    // a reorder must name every announcement once
    for (const ids of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), 99999999], "x"]) {
      const bad = await call(catalogue, "PUT", "/api/admin/announcements/order", { ids });
      expect(bad.statusCode, JSON.stringify(ids)).toBe(422);
    }
    for (const content of ["", "x".repeat(201), "line\nbreak"]) {
      expect((await call(catalogue, "POST", "/api/admin/announcements", { content })).statusCode).toBe(422);
    }
    expect((await call(catalogue, "DELETE", `/api/admin/announcements/${id}`)).statusCode).toBe(200);
    expect((await call(catalogue, "DELETE", `/api/admin/announcements/${id}`)).statusCode).toBe(404);
    expect((await audits("announcement.reorder")).length).toBeGreaterThan(0);
    expect((await audits("announcement.delete")).some((e) => e.entity_id === String(id))).toBe(true);
  });
});

describe("permissions", () => {
  it("refuses every Content call to fulfilment staff (403) and to no one signed in (401)", async () => {
    const calls: [Parameters<typeof call>[1], string, unknown?][] = [
      ["GET", "/api/admin/blog-posts"],
      ["POST", "/api/admin/blog-posts", { title: "Nope" }],
      ["GET", "/api/admin/announcements"],
      ["POST", "/api/admin/announcements", { content: "Nope" }],
      ["GET", "/api/admin/home-sections"],
      ["POST", "/api/admin/home-sections", { name: "Nope" }],
      ["GET", "/api/admin/home-videos"],
      ["GET", "/api/admin/policy-pages"],
      ["PUT", "/api/admin/policy-pages/terms", { content: "<p>Nope</p>" }],
    ];
    for (const [method, url, payload] of calls) {
      const refused = await call(packer, method, url, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const [n] = await rows<{ n: number }>(t, sql`select count(*)::int as n from blogs where title = 'Nope'`);
    expect(n!.n).toBe(0);
    // the owner may, like the catalogue team
    expect((await call(owner, "GET", "/api/admin/policy-pages")).statusCode).toBe(200);
  });
});

describe.skipIf(!pages)("the console's Content pages", () => {
  const cookieOf = async (who: TestStaff) => {
    // a member added with a first password is sent to change it first; these have done so
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${who.id}`);
    const { token } = await openStaffSession(t.core.db, who.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };

  it("opens each page for the catalogue team and refuses fulfilment", async () => {
    const post = await newPost({ title: "Console post" });
    const urls = [
      "/admin/content",
      "/admin/content/blog",
      "/admin/content/blog/new",
      `/admin/content/blog/${post.id}`,
      "/admin/content/announcements",
      "/admin/content/home",
      "/admin/content/policies/refund-policy",
    ];
    const allowed = await cookieOf(catalogue);
    const refused = await cookieOf(packer);
    for (const url of urls) {
      const ok = await t.app.inject({ method: "GET", url, headers: allowed });
      expect(ok.statusCode, url).toBe(200);
      expect(ok.headers["cache-control"], url).toMatch(/no-store/);
      expect((await t.app.inject({ method: "GET", url, headers: refused })).statusCode, url).toBe(403);
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/admin/content/policies/shipping", headers: allowed })).statusCode,
    ).toBe(404);
    // a page without stored text starts from the text it shows now, with the store's details
    const start = await t.app.inject({ method: "GET", url: "/admin/content/policies/refund-policy", headers: allowed });
    expect(start.body).toContain("No refunds.");
    expect(
      (await t.app.inject({ method: "GET", url: "/admin/content/blog/99999999", headers: allowed })).statusCode,
    ).toBe(404);
  });

  it("saves a post from the console's form without JavaScript (the HTML textarea), cleaned", async () => {
    const headers = {
      ...(await cookieOf(catalogue)),
      host: "localhost:3000",
      origin: "http://localhost:3000",
      "content-type": "application/x-www-form-urlencoded",
    };
    const slug = unique("no-js-post");
    const form = new URLSearchParams({
      intent: "save",
      title: "Written without script",
      slug,
      content: "<p>Plain <b>form</b></p><script>window.__xss=1</script>",
      publish: "on",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/content/blog/new",
      headers,
      payload: form.toString(),
    });
    expect([302, 303]).toContain(res.statusCode);
    const saved = (await get(`/api/blogs/${slug}`)).json();
    expect(saved.content).toBe("<p>Plain <b>form</b></p>");
    expect((await get("/blog")).body).toContain("Written without script");

    const big = await t.app.inject({
      method: "POST",
      url: "/admin/content/blog/new",
      headers,
      payload: new URLSearchParams({ intent: "save", title: "Big", content: "x".repeat(1_000_000) }).toString(),
    });
    expect([413, 422]).toContain(big.statusCode);
  });
});
