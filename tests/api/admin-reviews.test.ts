// The review moderation queue (decision 0061): the owner's setting holds new
// guest (or all) reviews; staff publish, hide and delete them, and the product's reviews, count
// and page change at once in this process; every move is audited, exact when two staff act at
// once (raced for real on PostgreSQL), and refused to a role without the reviews permission.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { REVIEW_HELD_NOTE } from "../../core/catalog/review-states";
import { freshIp } from "../helpers/accounts";
import { count, rows } from "../helpers/shop";
import { openStaffSession } from "../../core/staff/sessions";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  owner,
  manager,
  catalogue,
  packer,
  shopper,
  pages,
  freshProduct,
  postReview,
  staffCall,
  setHeld,
  shown,
  audits,
  startReviewStore,
} from "../helpers/review-desk";

startReviewStore();

describe("holding reviews for moderation", () => {
  beforeEach(async () => setHeld("none"));

  it("shows every review at once by default (none), as before", async () => {
    const productId = freshProduct();
    const before = await shown(productId);
    const review = await postReview(productId);
    expect(review.awaiting_moderation).toBeUndefined();
    const after = await shown(productId);
    expect(after.texts[0]).toBe(review.words);
    expect(after.count).toBe(before.count + 1);
    if (pages) expect(after.page).toContain(review.words);
  });

  it("with guests held, a guest's review waits and a signed-in shopper's shows", async () => {
    await setHeld("guests");
    const productId = freshProduct();
    const before = await shown(productId);
    const guest = await postReview(productId);
    expect(guest).toMatchObject({ awaiting_moderation: true, is_approved: false, message: REVIEW_HELD_NOTE });
    const account = await postReview(productId, shopper.auth);
    expect(account.awaiting_moderation).toBeUndefined();
    const after = await shown(productId);
    expect(after.texts).toContain(account.words);
    expect(after.texts).not.toContain(guest.words);
    expect(after.count).toBe(before.count + 1);
    if (pages) {
      expect(after.page).toContain(account.words);
      expect(after.page).not.toContain(guest.words);
    }
    // the queue has it under waiting
    const queue = await staffCall(catalogue, "GET", `/api/admin/reviews?status=waiting&product_id=${productId}`);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().map((r: { id: number }) => r.id)).toEqual([guest.id]);
    expect(queue.json()[0]).toMatchObject({ status: "waiting", is_guest: true, product_id: productId });
    expect(Number(queue.headers["x-total-count"])).toBe(1);
    expect(Number(queue.headers["x-waiting-count"])).toBeGreaterThanOrEqual(1);
  });

  it("with all held, a signed-in shopper's review waits too", async () => {
    await setHeld("all");
    const productId = freshProduct();
    const review = await postReview(productId, shopper.auth);
    expect(review.awaiting_moderation).toBe(true);
    expect((await shown(productId)).texts).not.toContain(review.words);
  });
});

describe("publish, hide and delete", () => {
  it("publishes a waiting review onto the product at once, hides it, and deletes it", async () => {
    await setHeld("guests");
    const productId = freshProduct();
    const start = await shown(productId);
    const review = await postReview(productId, {}, 2);

    const published = await staffCall(catalogue, "POST", `/api/admin/reviews/${review.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ id: review.id, status: "published", changed: true });
    let now = await shown(productId);
    expect(now.texts[0]).toBe(review.words);
    expect(now.count).toBe(start.count + 1);
    if (pages) expect(now.page).toContain(review.words);
    // publishing again changes nothing and records nothing
    const again = await staffCall(catalogue, "POST", `/api/admin/reviews/${review.id}/publish`);
    expect(again.statusCode).toBe(200);
    expect(again.json().changed).toBe(false);
    expect(await audits("review.publish", review.id)).toBe(1);
    expect((await shown(productId)).count).toBe(start.count + 1);

    const hidden = await staffCall(catalogue, "POST", `/api/admin/reviews/${review.id}/hide`);
    expect(hidden.json()).toMatchObject({ status: "hidden", changed: true });
    now = await shown(productId);
    expect(now.texts).not.toContain(review.words);
    expect(now.count).toBe(start.count);
    if (pages) expect(now.page).not.toContain(review.words);
    const hiddenList = await staffCall(catalogue, "GET", `/api/admin/reviews?status=hidden&product_id=${productId}`);
    expect(hiddenList.json().map((r: { id: number }) => r.id)).toEqual([review.id]);
    expect(await audits("review.hide", review.id)).toBe(1);

    // published again, then deleted: the count loses it once
    await staffCall(catalogue, "POST", `/api/admin/reviews/${review.id}/publish`);
    expect((await shown(productId)).count).toBe(start.count + 1);
    const deleted = await staffCall(catalogue, "DELETE", `/api/admin/reviews/${review.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ status: "deleted" });
    now = await shown(productId);
    expect(now.texts).not.toContain(review.words);
    expect(now.count).toBe(start.count);
    if (pages) expect(now.page).not.toContain(review.words);
    const second = await staffCall(catalogue, "DELETE", `/api/admin/reviews/${review.id}`);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toEqual({ detail: "Review not found" });
    expect(await audits("review.delete", review.id)).toBe(1);
    const [audit] = await rows<{ actor_id: number; changes: Record<string, unknown> }>(
      t,
      sql`select actor_id, changes from audit_log where action = 'review.delete' and entity_id = ${String(review.id)}`,
    );
    expect(audit).toMatchObject({ actor_id: catalogue.id, changes: { status: ["published", "deleted"], rating: 2 } });
    const [stored] = await rows<{ n: number }>(t, sql`select count(*)::int as n from reviews where id = ${review.id}`);
    expect(stored!.n).toBe(0);
  });

  it("hiding a published review that never waited takes it off the page", async () => {
    await setHeld("none");
    const productId = freshProduct();
    const review = await postReview(productId);
    expect((await shown(productId)).texts).toContain(review.words);
    const res = await staffCall(manager, "POST", `/api/admin/reviews/${review.id}/hide`);
    expect(res.json()).toMatchObject({ status: "hidden", changed: true });
    expect((await shown(productId)).texts).not.toContain(review.words);
  });

  it("answers 404 for a review that does not exist", async () => {
    for (const [method, path] of [
      ["POST", "/api/admin/reviews/999999/publish"],
      ["POST", "/api/admin/reviews/999999/hide"],
      ["DELETE", "/api/admin/reviews/999999"],
    ] as const) {
      const res = await staffCall(catalogue, method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toEqual({ detail: "Review not found" });
    }
  });
});

describe("who may", () => {
  it("lets the catalogue team moderate and refuses fulfilment (403)", async () => {
    await setHeld("guests");
    const review = await postReview(freshProduct());
    expect((await staffCall(catalogue, "GET", "/api/admin/reviews")).statusCode).toBe(200);
    for (const [method, path] of [
      ["GET", "/api/admin/reviews"],
      ["POST", `/api/admin/reviews/${review.id}/publish`],
      ["POST", `/api/admin/reviews/${review.id}/hide`],
      ["DELETE", `/api/admin/reviews/${review.id}`],
    ] as const) {
      const res = await staffCall(packer, method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(
      await count(t, sql`select count(*) as n from reviews where id = ${review.id} and moderated_at is null`),
    ).toBe(1);
  });

  it("keeps the setting to the owner (manager and catalogue 403), audited", async () => {
    for (const who of [manager, catalogue, packer]) {
      expect((await staffCall(who, "GET", "/api/admin/settings/reviews")).statusCode).toBe(403);
      const res = await staffCall(who, "PUT", "/api/admin/settings/reviews", { reviews_held_for_moderation: "all" });
      expect(res.statusCode).toBe(403);
    }
    await setHeld("none");
    const before = await count(
      t,
      sql`select count(*) as n from audit_log where action = 'settings.update' and entity_id = 'reviews'`,
    );
    await setHeld("all");
    await setHeld("all");
    const read = await staffCall(owner, "GET", "/api/admin/settings/reviews");
    expect(read.json()).toEqual({ reviews_held_for_moderation: "all" });
    expect(
      await count(
        t,
        sql`select count(*) as n from audit_log where action = 'settings.update' and entity_id = 'reviews'`,
      ),
    ).toBe(before + 1);
    const bad = await staffCall(owner, "PUT", "/api/admin/settings/reviews", { reviews_held_for_moderation: "some" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain("reviews_held_for_moderation must be one of");
    await setHeld("none");
  });
});

describe("the queue's filters", () => {
  it("filters by status, product, rating and text, newest first, paged with the total", async () => {
    await setHeld("all");
    const productId = freshProduct();
    // the demo's own reviews of the product are left out by a word only these three carry
    const one = await postReview(productId, {}, 1, "zqfilter");
    const five = await postReview(productId, {}, 5, "zqfilter");
    const third = await postReview(productId, {}, 5, "zqfilter");
    await staffCall(catalogue, "POST", `/api/admin/reviews/${third.id}/publish`);
    const ids = async (query: string) => {
      const res = await staffCall(
        catalogue,
        "GET",
        `/api/admin/reviews?product_id=${productId}&${query.includes("search=") ? "" : "search=zqfilter&"}${query}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().map((r: { id: number }) => r.id), total: Number(res.headers["x-total-count"]) };
    };
    expect(await ids("status=all")).toEqual({ ids: [third.id, five.id, one.id], total: 3 });
    expect(await ids("status=waiting")).toEqual({ ids: [five.id, one.id], total: 2 });
    expect(await ids("status=published")).toEqual({ ids: [third.id], total: 1 });
    expect(await ids("rating=5")).toEqual({ ids: [third.id, five.id], total: 2 });
    expect(await ids(`search=${encodeURIComponent(one.words)}`)).toEqual({ ids: [one.id], total: 1 });
    expect(await ids("limit=1&offset=1")).toEqual({ ids: [five.id], total: 3 });
    // LIKE's wildcards match themselves, not everything
    expect(await ids("search=%25")).toEqual({ ids: [], total: 0 });
    expect(await ids("search=_")).toEqual({ ids: [], total: 0 });
    await setHeld("none");
  });

  it("refuses hostile filters with a clear 422, never a 500", async () => {
    const cases: [string, string][] = [
      ["status=deleted", "status must be one of"],
      ["rating=6", "rating must be a whole number from 1 to 5"],
      ["rating=abc", "rating must be a whole number from 1 to 5"],
      ["rating=2.5", "rating must be a whole number from 1 to 5"],
      ["product_id=-1", "product_id must be a positive whole number"],
      ["product_id=99999999999", "product_id must be a positive whole number"],
      [`search=${"a".repeat(101)}`, "search must be at most 100 characters"],
      ["search=%01", "search must not contain control characters"],
      ["limit=0", "limit must be a whole number"],
      ["offset=-5", "offset must be a whole number"],
    ];
    for (const [query, detail] of cases) {
      const res = await staffCall(catalogue, "GET", `/api/admin/reviews?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail, query).toContain(detail);
    }
    // a NUL is refused for the whole store before any route (400)
    expect((await staffCall(catalogue, "GET", "/api/admin/reviews?search=%00")).statusCode).toBe(400);
    for (const path of ["/api/admin/reviews/abc/publish", "/api/admin/reviews/0/hide", "/api/admin/reviews/1e99"]) {
      const res = await staffCall(catalogue, path.endsWith("1e99") ? "DELETE" : "POST", path);
      expect(res.statusCode, path).toBe(422);
    }
    // quotes and SQL in the search are only text
    const res = await staffCall(catalogue, "GET", `/api/admin/reviews?search=${encodeURIComponent("' or 1=1 --")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two staff at once on PostgreSQL", () => {
  it("counts a review once however many publish it at once, and deletes it once", async () => {
    await setHeld("all");
    for (let round = 0; round < 5; round++) {
      const productId = freshProduct();
      const start = await shown(productId);
      const review = await postReview(productId);
      const publishes = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          staffCall(n % 2 ? catalogue : manager, "POST", `/api/admin/reviews/${review.id}/publish`),
        ),
      );
      expect(publishes.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(publishes.filter((r) => r.json().changed)).toHaveLength(1);
      expect(await audits("review.publish", review.id)).toBe(1);
      expect((await shown(productId)).count).toBe(start.count + 1);

      const deletes = await Promise.all(
        Array.from({ length: 10 }, () => staffCall(catalogue, "DELETE", `/api/admin/reviews/${review.id}`)),
      );
      const statuses = deletes.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 404)).toHaveLength(9);
      expect(await audits("review.delete", review.id)).toBe(1);
      expect((await shown(productId)).count).toBe(start.count);
    }
    await setHeld("none");
  }, 60_000);
});

describe.skipIf(!pages)("the console's Reviews page", () => {
  const consoleCookie = async (staff: TestStaff) => {
    // a member added with a first password is sent to change it first; these have done so
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };

  it("opens for the catalogue team, not for fulfilment, and takes hostile filters calmly", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: "/admin/reviews", headers: await consoleCookie(packer) })).statusCode,
    ).toBe(403);
    const headers = await consoleCookie(catalogue);
    for (const query of [
      "",
      "?status=all",
      "?status=deleted",
      "?rating=abc&product=-1",
      `?search=${encodeURIComponent("<script>alert(1)</script>' or 1=1 --")}`,
      `?search=${"x".repeat(5000)}`,
      "?page=99999999999",
      "?delete=abc",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/admin/reviews${query}`, headers });
      expect(res.statusCode, query).toBe(200);
      expect(res.body, query).not.toContain("<script>alert(1)");
    }
  });

  it("lets the owner choose on the Settings page, and no one else", async () => {
    const form = (who: Record<string, string>, value: string) =>
      t.app.inject({
        method: "POST",
        url: "/admin/settings",
        headers: {
          ...who,
          "content-type": "application/x-www-form-urlencoded",
          host: "localhost:3000",
          origin: "http://localhost:3000",
        },
        payload: `intent=reviews&reviews_held_for_moderation=${value}`,
      });
    const page = await t.app.inject({ method: "GET", url: "/admin/settings", headers: await consoleCookie(owner) });
    expect(page.body).toContain("Which new reviews wait for the team to check them?");
    const saved = await form(await consoleCookie(owner), "guests");
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain("Saved. Guests");
    expect((await staffCall(owner, "GET", "/api/admin/settings/reviews")).json()).toEqual({
      reviews_held_for_moderation: "guests",
    });
    const bad = await form(await consoleCookie(owner), "everyone");
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("reviews_held_for_moderation must be one of");
    expect((await form(await consoleCookie(manager), "all")).statusCode).toBe(403);
    expect((await staffCall(owner, "GET", "/api/admin/settings/reviews")).json()).toEqual({
      reviews_held_for_moderation: "guests",
    });
    await setHeld("none");
  });

  it("publishes with the page's own button, and a review's text is shown as text", async () => {
    await setHeld("guests");
    const productId = freshProduct();
    const res = await t.app.inject({
      method: "POST",
      url: `/api/products/${productId}/reviews`,
      payload: { rating: 3, review_text: "<b>bold</b> <img src=x onerror=alert(1)>", reviewer_name: "Tester" },
      remoteAddress: freshIp(),
    });
    const id = res.json().id as number;
    const headers = await consoleCookie(catalogue);
    const page = await t.app.inject({ method: "GET", url: `/admin/reviews?product=${productId}`, headers });
    expect(page.body).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(page.body).not.toContain("<img src=x");
    const posted = await t.app.inject({
      method: "POST",
      url: "/admin/reviews",
      // the console takes posts from its own pages only (origin checked)
      headers: {
        ...headers,
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload: `one=publish%3A${id}`,
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain("Review published.");
    expect((await shown(productId)).texts).toContain("<b>bold</b> <img src=x onerror=alert(1)>");
    expect(await audits("review.publish", id)).toBe(1);
    await setHeld("none");
  });
});
