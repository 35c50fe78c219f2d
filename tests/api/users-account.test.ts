// A signed-in shopper's own account through the API (PUT /api/users/me, their orders), and the
// staff's list of users (GET /api/admin/users).
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../core/staff/owner-command";
import { orderItems, orders } from "../../db/schema";
import { PASSWORD, freshIp, registerShopper, uniqueEmail } from "../helpers/accounts";
import { t, type Headers, call, login, rows, startUsersApiStore } from "../helpers/users-api";

startUsersApiStore();

describe("PUT /api/users/me", () => {
  it("updates names, username and phone and answers the user", async () => {
    const shopper = await registerShopper(t.app);
    const username = `sana_${crypto.randomBytes(3).toString("hex")}`;
    const { status, body } = await call("PUT", "/api/users/me", {
      headers: shopper.auth,
      payload: { first_name: " Sana ", last_name: "Malik", username, phone: "+92 300 1234567" },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: shopper.id,
      first_name: "Sana",
      last_name: "Malik",
      username,
      phone: "+92 300 1234567",
    });
    expect((await call("GET", "/api/users/me", { headers: shopper.auth })).body).toEqual(body);
    // empty clears; absent keeps
    const cleared = await call("PUT", "/api/users/me", {
      headers: shopper.auth,
      payload: { first_name: "Sana", last_name: "Malik", phone: "" },
    });
    expect(cleared.body).toMatchObject({ username, phone: null });
  });

  it("requires first and last name", async () => {
    const shopper = await registerShopper(t.app);
    const noFirst = await call("PUT", "/api/users/me", {
      headers: shopper.auth,
      payload: { first_name: " ", last_name: "M" },
    });
    expect(noFirst.status).toBe(422);
    expect(noFirst.body.detail).toBe("First name is required");
    const noLast = await call("PUT", "/api/users/me", { headers: shopper.auth, payload: { first_name: "S" } });
    expect(noLast.status).toBe(422);
    expect(noLast.body.detail).toBe("Last name is required");
  });

  it("refuses a username another account has, in any case", async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    const username = `Taken_${crypto.randomBytes(3).toString("hex")}`;
    expect(
      (await call("PUT", "/api/users/me", { headers: a.auth, payload: { first_name: "A", last_name: "A", username } }))
        .status,
    ).toBe(200);
    const res = await call("PUT", "/api/users/me", {
      headers: b.auth,
      payload: { first_name: "B", last_name: "B", username: username.toLowerCase() },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("This username is taken.");
    // keeping one's own username is fine
    expect(
      (await call("PUT", "/api/users/me", { headers: a.auth, payload: { first_name: "A", last_name: "A", username } }))
        .status,
    ).toBe(200);
    const bad = await call("PUT", "/api/users/me", {
      headers: b.auth,
      payload: { first_name: "B", last_name: "B", username: "a b" },
    });
    expect(bad.status).toBe(422);
  });

  it("never changes the email: the same email is ignored, another is refused", async () => {
    const shopper = await registerShopper(t.app);
    const same = await call("PUT", "/api/users/me", {
      headers: shopper.auth,
      payload: { first_name: "A", last_name: "B", email: shopper.email.toUpperCase() },
    });
    expect(same.status).toBe(200);
    const other = await call("PUT", "/api/users/me", {
      headers: shopper.auth,
      payload: { first_name: "A", last_name: "B", email: uniqueEmail() },
    });
    expect(other.status).toBe(422);
    expect(other.body.detail).toBe("Email cannot be changed.");
    expect((await call("GET", "/api/users/me", { headers: shopper.auth })).body.email).toBe(shopper.email);
  });

  it("acts only on the token's own account whatever ids or roles the body names", async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    const res = await call("PUT", "/api/users/me", {
      headers: a.auth,
      payload: { id: b.id, user_id: b.id, first_name: "Changed", last_name: "Name", role: "admin" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, first_name: "Changed", role: "customer" });
    const [other] = await rows<{ first_name: string; role: string }>(
      sql`select first_name, role from users where id = ${b.id}`,
    );
    expect(other).toEqual({ first_name: "Ayesha", role: "customer" });
  });
});

describe("GET /api/users/me/orders", () => {
  async function placeOrderRow(values: { userId: number | null; email: string; minutesAgo: number; tracking: string }) {
    const [order] = await t.database.db
      .insert(orders)
      .values({
        trackingId: values.tracking,
        userId: values.userId,
        firstName: "Ayesha",
        lastName: "Khan",
        email: values.email,
        phone: "03001234567",
        phoneNormalized: "923001234567",
        shippingAddress: "House 1, Street 2, Lahore, 54000, Pakistan",
        city: "Lahore",
        postalCode: "54000",
        country: "Pakistan",
        subtotalPaisa: 499900,
        shippingPaisa: 50000,
        discountPaisa: 10000,
        totalPaisa: 539900,
        createdAt: new Date(Date.now() - values.minutesAgo * 60_000),
      })
      .returning({ id: orders.id });
    await t.database.db.insert(orderItems).values({
      orderId: order!.id,
      productName: "Lawn Suit",
      combinationName: "M / Red",
      variantDetails: { size: "M", color: "Red" },
      unitPricePaisa: 249950,
      quantity: 2,
      lineTotalPaisa: 499900,
    });
    return order!.id;
  }

  it("lists the account's orders newest first with status, tracking ID, items and totals", async () => {
    const a = await registerShopper(t.app);
    const b = await registerShopper(t.app);
    const tag = crypto.randomBytes(3).toString("hex").toUpperCase();
    await placeOrderRow({ userId: a.id, email: a.email, minutesAgo: 30, tracking: `OLD${tag}` });
    await placeOrderRow({ userId: a.id, email: a.email, minutesAgo: 5, tracking: `NEW${tag}` });
    await placeOrderRow({ userId: b.id, email: b.email, minutesAgo: 1, tracking: `BBB${tag}` });
    // a guest order with a's email: not a's while the email is unverified
    await placeOrderRow({ userId: null, email: a.email, minutesAgo: 2, tracking: `GST${tag}` });

    const { status, body, raw, headers } = await call("GET", "/api/users/me/orders", { headers: a.auth });
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("no-store");
    expect(body.map((o: { tracking_id: string }) => o.tracking_id)).toEqual([`NEW${tag}`, `OLD${tag}`]);
    expect(body[0]).toMatchObject({
      status: "pending confirmation",
      payment_method: "cod",
      subtotal: 4999,
      shipping: 500,
      discount: 100,
      total: 5399,
      items: [{ name: "Lawn Suit", variant: "M / Red", quantity: 2, price: 2499.5, line_total: 4999 }],
    });
    expect(JSON.parse(body[0].items[0].variant_details)).toEqual({ size: "M", color: "Red" });
    expect(raw).toContain('"total":5399.00');
    expect(raw).toContain('"price":2499.50');

    // once the email is verified, earlier guest orders with it belong to the account too
    await t.database.db.execute(sql`update users set email_verified_at = now() where id = ${a.id}`);
    const verified = await call("GET", "/api/users/me/orders", { headers: a.auth });
    expect(verified.body.map((o: { tracking_id: string }) => o.tracking_id)).toEqual([
      `GST${tag}`,
      `NEW${tag}`,
      `OLD${tag}`,
    ]);

    const other = await call("GET", "/api/users/me/orders", { headers: b.auth });
    expect(other.body.map((o: { tracking_id: string }) => o.tracking_id)).toEqual([`BBB${tag}`]);
  });

  it("includes an order placed through POST /api/orders with the bearer token, and not a guest's", async () => {
    const shopper = await registerShopper(t.app);
    const [product] = await rows<{ id: number; price_paisa: number }>(sql`
      select id, price_paisa from products p
      where is_active and stock > 5
        and not exists (select 1 from variant_combinations c where c.product_id = p.id)
      order by id limit 1`);
    const payload = (total: number | string) => ({
      first_name: "Ayesha",
      last_name: "Khan",
      email: shopper.email,
      // a phone of this shopper's own: other tests here place orders from 0300-1234567
      phone: `0333${String(shopper.id).padStart(7, "0")}`,
      shipping_address: "House 1, Street 2",
      city: "Lahore",
      postal_code: "54000",
      country: "Pakistan",
      payment_method: "cod",
      total_amount: total,
      items: [{ product_id: product!.id, quantity: 1, price: product!.price_paisa / 100 }],
    });
    const place = async (headers?: Headers) => {
      // the page's total is only compared (decision 0008): take the server's figure on a 409
      let res = await call("POST", "/api/orders", { payload: payload(product!.price_paisa / 100), headers });
      if (res.status === 409) res = await call("POST", "/api/orders", { payload: payload(res.body.total), headers });
      expect(res.status, res.raw).toBe(201);
      return res.body.tracking_id as string;
    };
    const mine = await place(shopper.auth);
    await place(); // the same email as a guest
    const list = await call("GET", "/api/users/me/orders", { headers: shopper.auth });
    expect(list.body.map((o: { tracking_id: string }) => o.tracking_id)).toEqual([mine]);
  });

  it("pages with limit and offset and answers an empty list for a new account", async () => {
    const shopper = await registerShopper(t.app);
    expect((await call("GET", "/api/users/me/orders", { headers: shopper.auth })).body).toEqual([]);
    for (let i = 0; i < 3; i++) {
      await placeOrderRow({
        userId: shopper.id,
        email: shopper.email,
        minutesAgo: i,
        tracking: `PG${i}${crypto.randomBytes(3).toString("hex")}`,
      });
    }
    const page = await call("GET", "/api/users/me/orders?limit=2&offset=1", { headers: shopper.auth });
    expect(page.body).toHaveLength(2);
    expect((await call("GET", "/api/users/me/orders?limit=0", { headers: shopper.auth })).status).toBe(422);
  });
});

describe("staff only: GET /api/admin/users", () => {
  const staffLogin = (email: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/admin/session", payload: { email, password }, remoteAddress: freshIp() });

  it("answers 401 without a token, 403 to a customer's token and 200 to an owner's staff token", async () => {
    const customer = await registerShopper(t.app);
    expect((await call("GET", "/api/admin/users")).status).toBe(401);
    const forbidden = await call("GET", "/api/admin/users", { headers: customer.auth });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ detail: "You do not have permission to do this." });

    const email = uniqueEmail("staff");
    const { created, user } = await createOrPromoteAdmin(t.core, { email, password: "Staff2024pass" });
    expect(created).toBe(true);
    expect(user.role).toBe("owner");
    // the shop's sign-in gives a shopper's token, which the back office refuses
    const shopToken = await login(email, "Staff2024pass");
    expect(shopToken.body.user.role).toBe("owner");
    const asShopper = { authorization: `Bearer ${shopToken.body.access_token}` };
    expect((await call("GET", "/api/admin/users", { headers: asShopper })).status).toBe(403);
    const signedIn = await staffLogin(email, "Staff2024pass");
    expect(signedIn.statusCode).toBe(201);
    const admin = { authorization: `Bearer ${signedIn.json().access_token}` };
    const list = await call("GET", `/api/admin/users?search=${encodeURIComponent(customer.email)}`, { headers: admin });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: customer.id, email: customer.email, role: "customer" })]);
    expect(list.body[0]).not.toHaveProperty("password_hash");
    const all = await call("GET", "/api/admin/users?limit=5", { headers: admin });
    expect(all.body).toHaveLength(5);
    expect(Number(all.headers["x-total-count"])).toBeGreaterThan(5);
  });

  it("promotes an existing customer to owner, sets the new password and ends their old sessions", async () => {
    const shopper = await registerShopper(t.app);
    const { created, user } = await createOrPromoteAdmin(t.core, {
      email: shopper.email.toUpperCase(),
      password: "Promoted2024",
      firstName: "Head",
    });
    expect(created).toBe(false);
    expect(user).toMatchObject({ id: shopper.id, role: "owner", firstName: "Head", lastName: "Khan" });
    expect((await call("GET", "/api/users/me", { headers: shopper.auth })).status).toBe(401);
    expect((await staffLogin(shopper.email, PASSWORD)).statusCode).toBe(401);
    const again = await staffLogin(shopper.email, "Promoted2024");
    expect(again.statusCode).toBe(201);
    const admin = { authorization: `Bearer ${again.json().access_token}` };
    expect((await call("GET", "/api/admin/users", { headers: admin })).status).toBe(200);
    // a demotion behind the product's back takes effect on the next request
    await t.database.db.execute(sql`update users set role = 'customer' where id = ${shopper.id}`);
    expect((await call("GET", "/api/admin/users", { headers: admin })).status).toBe(401);
  });

  it("refuses a weak admin password", async () => {
    await expect(
      createOrPromoteAdmin(t.core, { email: uniqueEmail("staff"), password: "password" }),
    ).rejects.toMatchObject({
      status: 422,
    });
  });
});
