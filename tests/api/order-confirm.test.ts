// The shopper's confirm page (decision 0071), rendered by the built app: the
// order the link names (tracking ID, items, Rs. total, city), Confirm and Cancel as plain form
// posts that work without JavaScript, the answer for an order already settled, a friendly 404
// for a link that names nothing, no caching, no indexing, and the per-client limit.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/api/rate-limits";
import { freshIp } from "../helpers/accounts";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";
import { orderPayload, setStock, simpleProducts, type Item } from "../helpers/shop";
import type { TestApp } from "../helpers/app";

let p: PageApp;
let item: Item;

const asTest = () => p as unknown as TestApp;

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await p.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function placeOrder(quantity = 1): Promise<{ id: number; trackingId: string; path: string }> {
  const res = await p.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderPayload([{ item, quantity }]),
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { id: number; tracking_id: string; confirm_url: string };
  expect(body.confirm_url).toMatch(/^\/order\/confirm\/[A-Za-z0-9_-]{43}$/);
  return { id: body.id, trackingId: body.tracking_id, path: body.confirm_url };
}

const page = (url: string, ip = freshIp()) =>
  p.app.inject({ method: "GET", url, headers: { host: "localhost:3000" }, remoteAddress: ip });
const answer = (url: string, choice: string, ip = freshIp()) =>
  p.app.inject({
    method: "POST",
    url,
    headers: { host: "localhost:3000", "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ answer: choice }).toString(),
    remoteAddress: ip,
  });

async function orderRow(id: number) {
  const [row] = await rowsOf<{ status: string; confirmation_channel: string | null }>(
    sql`select status, confirmation_channel from orders where id = ${id}`,
  );
  return row!;
}

const stock = async () =>
  Number((await rowsOf<{ stock: number }>(sql`select stock from products where id = ${item.productId}`))[0]!.stock);

beforeAll(async () => {
  if (!hasPageBuild()) throw new Error("run npm run build first");
  p = await createPageApp();
  [item] = (await simpleProducts(asTest(), 0, 1)) as [Item];
  await setStock(asTest(), item, 200);
}, 60_000);
afterAll(async () => p?.close());

describe("the confirm page", () => {
  it("shows the order: tracking ID, items, total in Rs., city, and the two buttons; not cached, not indexed", async () => {
    const order = await placeOrder(2);
    const res = await page(order.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const html = res.body;
    expect(html).toContain(order.trackingId);
    expect(html).toContain(item.name.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    expect(html).toMatch(/Rs\. [\d,]+/);
    expect(html).toContain("Lahore");
    expect(html).toContain('name="robots" content="noindex"');
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain('value="confirm"');
    expect(html).toContain('value="cancel"');
    // the token is a key: it goes into no canonical or shared address (only the form's own action)
    const token = order.path.split("/").pop()!;
    expect(html).toContain('rel="canonical" href="http://localhost:3000/order/confirm"');
    expect(html).not.toMatch(new RegExp(`(canonical|og:url)[^>]*${token}`));
  });

  it("Confirm, as a form post without JavaScript, confirms the order by link; a second answer changes nothing", async () => {
    const order = await placeOrder();
    const res = await answer(order.path, "confirm");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toContain("Thank you! Your order is confirmed.");
    expect(await orderRow(order.id)).toEqual({ status: "confirmed", confirmation_channel: "link" });
    const again = await answer(order.path, "cancel");
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("This order is already confirmed.");
    expect((await orderRow(order.id)).status).toBe("confirmed");
    const later = await page(order.path);
    expect(later.body).toContain("This order is already confirmed.");
    expect(later.body).not.toContain('value="confirm"');
  });

  it("Cancel cancels and puts the stock back, with the reason on the timeline", async () => {
    const before = await stock();
    const order = await placeOrder(3);
    expect(await stock()).toBe(before - 3);
    const res = await answer(order.path, "cancel");
    expect(res.body).toContain("Your order is cancelled.");
    expect(await orderRow(order.id)).toEqual({ status: "cancelled", confirmation_channel: "link" });
    expect(await stock()).toBe(before);
    const [event] = await rowsOf<{ note: string }>(
      sql`select note from order_events where order_id = ${order.id} and to_status = 'cancelled'`,
    );
    expect(event?.note).toBe("Cancelled by the customer on the store's confirmation page");
    expect((await page(order.path)).body).toContain("This order is already cancelled.");
  });

  it("many answers at once move the order once", async () => {
    const order = await placeOrder();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => answer(order.path, n % 2 ? "cancel" : "confirm")),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [moves] = await rowsOf<{ n: number }>(
      sql`select count(*) as n from order_events where order_id = ${order.id} and from_status = 'pending confirmation'`,
    );
    expect(Number(moves!.n)).toBe(1);
  });

  it("an unknown or malformed link gets a friendly 404 page; a wrong answer a 422", async () => {
    for (const url of [
      `/order/confirm/${"A".repeat(43)}`,
      "/order/confirm/short",
      `/order/confirm/${"x".repeat(150)}`,
      "/order/confirm/%00%00",
      `/order/confirm/${encodeURIComponent("' or 1=1 --".padEnd(43, "-"))}`,
    ]) {
      const res = await page(url);
      // a NUL in the address is refused before any page (400)
      expect([400, 404], url).toContain(res.statusCode);
      if (res.headers["content-type"]?.toString().startsWith("text/html")) {
        expect(res.body).toContain("Link not found");
      }
      const posted = await answer(url, "confirm");
      expect(posted.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(posted.statusCode, url).toBeLessThan(500);
    }
    const order = await placeOrder();
    const bad = await answer(order.path, "maybe");
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Please tap Confirm order or Cancel order.");
    expect((await orderRow(order.id)).status).toBe("pending confirmation");
  });

  it("is limited per client like other shopper writes", async () => {
    // the page build has its own copy of RATE_LIMITS, so the shipped limit is used up here
    const order = await placeOrder();
    const ip = freshIp();
    for (let n = 0; n < RATE_LIMITS.confirmLinks.limit; n++) {
      expect((await answer(`/order/confirm/${"B".repeat(43)}`, "confirm", ip)).statusCode).toBe(404);
    }
    const limited = await answer(order.path, "confirm", ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain("Too many answers");
    expect((await orderRow(order.id)).status).toBe("pending confirmation");
    // another connection is not held back
    expect((await answer(order.path, "confirm")).statusCode).toBe(200);
  });
});
