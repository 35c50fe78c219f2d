// The store's details on Settings (decision 0068): owner only; every field
// checked (length before pattern, a 422 naming the field); a save made from an old version is
// refused with 409 (raced for real on PostgreSQL); audited with the changed fields; the
// storefront's API, orders and pages use the new name, fee and promise at once.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { priceOrder } from "../../core/shared/pricing";
import { openStaffSession } from "../../core/staff/sessions";
import { freshIp } from "../helpers/accounts";
import { orderPayload, rows, simpleProducts, rupees } from "../helpers/shop";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  owner,
  secondOwner,
  manager,
  packer,
  pages,
  call,
  current,
  save,
  audits,
  startStoreSettingsStore,
} from "../helpers/store-settings";

startStoreSettingsStore();

describe("reading and saving the store's details", () => {
  it("answers the demo store's details with a version", async () => {
    const details = await current();
    expect(details).toMatchObject({
      store_name: "Zaiba",
      whatsapp_number: "923001234567",
      shipping_fee: 500,
      effective_shipping_fee: 500,
      free_shipping_threshold: 5000,
      delivery_promise: null,
    });
    expect(details.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect((await call(owner, "GET")).headers["cache-control"]).toBe("no-store");
  });

  it("is the owner's alone: a manager, fulfilment and no one get 403 or 401", async () => {
    const { updated_at } = await current();
    for (const who of [manager, packer]) {
      expect((await call(who, "GET")).statusCode).toBe(403);
      const res = await call(who, "PUT", { updated_at, store_name: "Taken over" });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/settings/store" })).statusCode).toBe(401);
    expect((await current()).store_name).toBe("Zaiba");
  });

  it("saves, normalises the WhatsApp number, audits the changed fields and shows them on the storefront at once", async () => {
    // read once so the storefront's answers are cached before the change
    const before = (await t.app.inject({ method: "GET", url: "/api/site-settings" })).json();
    expect(before.site_name).toBe("Zaiba");
    const res = await save({
      store_name: "  Zaiba   Lahore ",
      whatsapp_number: "+92 321 7654321",
      phone: "042-35761234",
      shipping_fee: "350",
      free_shipping_threshold: 7500.5,
      delivery_promise: "Delivered in 2-4 working days",
      tiktok_url: "https://www.tiktok.com/@zaiba.pk",
      youtube_url: "https://youtube.com/@zaibapk",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      store_name: "Zaiba Lahore",
      whatsapp_number: "923217654321",
      phone: "042-35761234",
      shipping_fee: 350,
      effective_shipping_fee: 350,
      free_shipping_threshold: 7500.5,
      delivery_promise: "Delivered in 2-4 working days",
      tiktok_url: "https://www.tiktok.com/@zaiba.pk",
    });
    expect(res.body).toContain('"shipping_fee":350.00');

    const log = await audits();
    const last = log.at(-1)!;
    expect(last.actor_email).toBe(owner.email);
    expect(Object.keys(last.changes).sort()).toEqual(
      [
        "delivery_promise",
        "free_shipping_threshold_paisa",
        "phone",
        "shipping_fee_paisa",
        "store_name",
        "tiktok_url",
        "whatsapp_number",
        "youtube_url",
      ].sort(),
    );
    expect(last.changes.store_name).toEqual(["Zaiba", "Zaiba Lahore"]);

    const after = (await t.app.inject({ method: "GET", url: "/api/site-settings" })).json();
    expect(after).toMatchObject({
      site_name: "Zaiba Lahore",
      shipping_fee: 350,
      free_shipping_threshold: 7500.5,
      whatsapp_number: "923217654321",
      delivery_promise: "Delivered in 2-4 working days",
      tiktok_url: "https://www.tiktok.com/@zaiba.pk",
    });

    // an order is priced with the new fee at once: the old total is refused, the new one taken
    const [item] = await simpleProducts(t, 5);
    const payload = orderPayload([{ item: item!, quantity: 1 }]);
    const priced = priceOrder({
      lines: [{ unitPricePaisa: item!.pricePaisa, quantity: 1 }],
      shipping: { feePaisa: 35_000, freeThresholdPaisa: 750_050 },
    });
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { ...payload, total_amount: rupees(priced.totalPaisa) },
      remoteAddress: freshIp(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it("saving the same values again changes nothing and records nothing", async () => {
    const n = (await audits()).length;
    const { updated_at, store_name } = await current();
    const res = await call(owner, "PUT", { updated_at, store_name });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated_at).toBe(updated_at);
    expect((await audits()).length).toBe(n);
  });

  it("keeps the storefront's meaning of empty and 0 (spec §9, core/shared/pricing.ts)", async () => {
    let res = await save({ shipping_fee: "", free_shipping_threshold: "" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      shipping_fee: null,
      effective_shipping_fee: 500,
      free_shipping_threshold: null,
    });
    let site = (await t.app.inject({ method: "GET", url: "/api/site-settings" })).json();
    expect(site).toMatchObject({ shipping_fee: 500, free_shipping_threshold: null });

    res = await save({ shipping_fee: 0, free_shipping_threshold: 0 });
    expect(res.json()).toMatchObject({ shipping_fee: 0, effective_shipping_fee: 500, free_shipping_threshold: 0 });
    site = (await t.app.inject({ method: "GET", url: "/api/site-settings" })).json();
    expect(site).toMatchObject({ shipping_fee: 500, free_shipping_threshold: 0 });

    res = await save({ shipping_fee: "1,250", free_shipping_threshold: "5000" });
    expect(res.json()).toMatchObject({ shipping_fee: 1250, free_shipping_threshold: 5000 });
  });

  it("clears a field with null or an empty string: the storefront falls back to its default", async () => {
    const res = await save({ store_name: "", delivery_promise: null, youtube_url: "" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ store_name: null, default_store_name: "Zaiba", delivery_promise: null });
    const site = (await t.app.inject({ method: "GET", url: "/api/site-settings" })).json();
    expect(site.site_name).toBe("Zaiba");
    expect(site.delivery_promise).toBe("Delivery in 3-5 business days");
    expect(site.youtube_url).toBeNull();
  });
});

describe("bad values", () => {
  const refused: [string, unknown, RegExp][] = [
    ["store_name", "x".repeat(61), /store_name must be at most 60 characters/],
    ["store_name", "x".repeat(100_000), /store_name must be at most 60 characters/],
    ["store_name", "Zaiba\nLahore", /store_name must be one line/],
    ["store_name", "abc\u202eevil", /store_name must be one line/],
    ["store_name", 42, /store_name must be text/],
    ["phone", "12345", /phone must be a Pakistani phone number/],
    ["phone", "+1 555 123 4567", /phone must be a Pakistani phone number/],
    ["phone", "0300-1234567<script>", /phone must be a Pakistani phone number/],
    ["phone", "0".repeat(5000), /phone must be at most 30 characters/],
    ["whatsapp_number", "042-35761234", /whatsapp_number must be a Pakistani mobile number/],
    ["whatsapp_number", "+44 7700 900123", /whatsapp_number must be a Pakistani mobile number/],
    ["email", "not-an-email", /email must be an email address/],
    ["email", `${"a".repeat(250)}@x.pk`, /email must be at most 254 characters/],
    ["email", `a@${".".repeat(200_000)}`, /email must be at most 254 characters/],
    ["address", "y".repeat(301), /address must be at most 300 characters/],
    ["business_hours", "Mon\tSat", /business_hours must be one line/],
    ["delivery_promise", "d".repeat(81), /delivery_promise must be at most 80 characters/],
    ["shipping_fee", -1, /shipping_fee must not be negative/],
    ["shipping_fee", "abc", /shipping_fee must be an amount in rupees/],
    ["shipping_fee", "1.234", /shipping_fee must be an amount in rupees/],
    ["shipping_fee", 1e300, /shipping_fee must be an amount in rupees/],
    ["shipping_fee", "9".repeat(5000), /shipping_fee must be an amount in rupees/],
    ["shipping_fee", 100_001, /shipping_fee must be at most Rs. 100,000/],
    ["shipping_fee", true, /shipping_fee must be an amount in rupees/],
    ["free_shipping_threshold", 99_999_999_999, /free_shipping_threshold must be at most Rs. 10,000,000/],
    ["free_shipping_threshold", "NaN", /free_shipping_threshold must be an amount in rupees/],
    ["facebook_url", "http://facebook.com/zaiba", /facebook_url must be an https link to Facebook/],
    ["facebook_url", "https://evil.example/facebook.com", /facebook_url must be an https link to Facebook/],
    ["facebook_url", "https://facebook.com.evil.example/x", /facebook_url must be an https link to Facebook/],
    ["facebook_url", "https://user:pw@facebook.com/x", /facebook_url must be an https link to Facebook/],
    ["facebook_url", "javascript:alert(1)", /facebook_url must be an https link to Facebook/],
    ["instagram_url", "https://www.facebook.com/zaiba", /instagram_url must be an https link to Instagram/],
    ["twitter_url", "https://x.com:8443/zaiba", /twitter_url must be an https link to X/],
    ["tiktok_url", `https://tiktok.com/${"a".repeat(400)}`, /tiktok_url must be at most 300 characters/],
    ["youtube_url", "https://youtube.com/ watch", /youtube_url must be an https link to YouTube/],
  ];

  it.each(refused.map(([field, value, message], i) => [`${i}: ${field}`, field, value, message] as const))(
    "%s, a bad value, is refused with 422 naming the field",
    async (_label, field, value, message) => {
      const before = await current();
      const res = await save({ [field]: value });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toMatch(message);
      expect(res.json().detail).toContain(field);
      const after = await current();
      expect(after.updated_at).toBe(before.updated_at);
    },
  );

  it("refuses NUL bytes (400, naming the field) and a 1 MB value (413) before core", async () => {
    const nul = await save({ store_name: "Zaiba\u0000" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toContain("store_name");
    const huge = await save({ address: "x".repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
  });

  it("refuses a missing or malformed version with 422, never a 500", async () => {
    for (const updated_at of [undefined, "", "yesterday", "2026-01-01T00:00:00Z", "x".repeat(100_000), 5]) {
      const res = await call(owner, "PUT", { updated_at, store_name: "Nope" } as Record<string, unknown>);
      expect(res.statusCode, String(updated_at).slice(0, 40)).toBe(422);
      expect(res.json().detail).toMatch(/updated_at/);
    }
  });

  it("takes a malformed body as 400, not 500", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings/store",
      headers: { ...owner.auth, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("two owners saving at once", () => {
  it("refuses the second save made from the same version with 409, and keeps the first", async () => {
    const { updated_at } = await current();
    const first = await call(owner, "PUT", { updated_at, store_name: "First Owner's Name" });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(secondOwner, "PUT", { updated_at, store_name: "Second Owner's Name" });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/changed by someone else/);
    expect((await current()).store_name).toBe("First Owner's Name");
  });

  it("racing for real, exactly one of many saves from one version wins, audited once", async () => {
    const { updated_at } = await current();
    const n = (await audits()).length;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 ? owner : secondOwner, "PUT", { updated_at, store_name: `Racer ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect((await audits()).length).toBe(n + 1);
    const winner = results.find((r) => r.statusCode === 200)!.json().store_name;
    expect((await current()).store_name).toBe(winner);
  });
});

describe.skipIf(!pages)("the console's Settings page and the storefront's pages", () => {
  const consoleCookie = async (staff: TestStaff) => {
    await t.database.db.execute(sql`update users set must_change_password = false where id = ${staff.id}`);
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return { cookie: `${STAFF_COOKIE}=${token}` };
  };
  const form = async (who: Record<string, string>, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/admin/settings",
      headers: {
        ...who,
        "content-type": "application/x-www-form-urlencoded",
        host: "localhost:3000",
        origin: "http://localhost:3000",
      },
      payload: new URLSearchParams({ intent: "store", ...fields }).toString(),
    });
  const page = async (url: string) => (await t.app.inject({ method: "GET", url })).body;

  it("saves from the form; the header, footer, chat button, product page and checkout change at once", async () => {
    const [product] = await rows<{ id: number }>(t, sql`select id from products where is_active order by id limit 1`);
    // cached before the change
    expect(await page(`/product/${product!.id}`)).toContain("Delivery in 3-5 business days");
    await page("/checkout");
    const owner1 = await consoleCookie(owner);
    const settings = await t.app.inject({ method: "GET", url: "/admin/settings", headers: owner1 });
    expect(settings.statusCode).toBe(200);
    expect(settings.body).toContain("Store details");
    const updated_at = /name="updated_at" value="([^"]+)"/.exec(settings.body)![1]!;
    const res = await form(owner1, {
      updated_at,
      store_name: "Zaiba Karachi",
      phone: "021-111-222-333",
      email: "hello@zaiba.pk",
      address: "Shop 3, Zamzama, Karachi",
      business_hours: "Every day 11am-9pm",
      whatsapp_number: "0333-7654321",
      shipping_fee: "299",
      free_shipping_threshold: "4000",
      delivery_promise: "Delivered in 2-3 working days",
      tagline: "Lawn, kurtis and lingerie from Karachi. {free_delivery}.",
      meta_description: "Shop lawn and lingerie in Karachi. {free_delivery}; below it {delivery_fee}.",
      facebook_url: "https://www.facebook.com/zaiba.pk",
      instagram_url: "",
      twitter_url: "",
      tiktok_url: "https://www.tiktok.com/@zaibakhi",
      youtube_url: "",
    });
    expect(res.statusCode, /role="alert"[^>]*>([^<]*)/.exec(res.body)?.[1]).toBe(200);
    expect(res.body).toContain("Saved. The storefront shows the new details now.");

    const home = await page("/");
    expect(home).toContain("Zaiba Karachi");
    expect(home).toContain("https://wa.me/923337654321");
    expect(home).toContain("https://www.tiktok.com/@zaibakhi");
    expect(home).not.toContain("instagram.com");
    expect(home).toContain("Every day 11am-9pm");
    const productPage = await page(`/product/${product!.id}`);
    expect(productPage).toContain("Delivered in 2-3 working days");
    expect(productPage).toContain("Free delivery over Rs. 4,000");
    // every sentence that states a setting follows it (decision 0090): the demo announcement,
    // the tagline, the meta description, product highlights and answers; none keeps the old amount
    expect(home).toContain("Free delivery over Rs. 4,000 across Pakistan");
    expect(home).toContain("Lawn, kurtis and lingerie from Karachi. Free delivery over Rs. 4,000.");
    expect(home).toContain(
      '<meta name="description" content="Shop lawn and lingerie in Karachi. Free delivery over Rs. 4,000; below it Rs. 299."',
    );
    // a demo product whose highlights and answers hold the placeholders
    const [worded] = await rows<{ id: number }>(
      t,
      sql`select id from products where is_active and faqs::text like '%{delivery_promise}%'
            and structured_description::text like '%{free_delivery}%' order by id limit 1`,
    );
    const wordedPage = await page(`/product/${worded!.id}`);
    expect(wordedPage).toContain("Delivered in 2-3 working days anywhere in Pakistan");
    expect(wordedPage).toContain("Free delivery over Rs. 4,000");
    for (const [name, html] of [
      ["home", home],
      ["product", productPage],
      ["worded product", wordedPage],
    ]) {
      expect(html, name).not.toContain("Rs. 5,000");
      expect(html, name).not.toMatch(/\{(free_delivery|delivery_fee|delivery_promise)\}/);
    }
    // the storefront's API says the same; the console's own read keeps the placeholders to edit
    const api = (url: string) => t.app.inject({ method: "GET", url }).then((r) => r.body);
    expect(await api("/api/announcements")).toContain("Free delivery over Rs. 4,000 across Pakistan");
    expect(await api("/api/site-settings")).toContain("Free delivery over Rs. 4,000; below it Rs. 299.");
    const apiProduct = await api(`/api/products/${worded!.id}`);
    expect(apiProduct).toContain("Free delivery over Rs. 4,000");
    expect(apiProduct).not.toContain("Rs. 5,000");
    expect(apiProduct).not.toContain("{free_delivery}");
    const stored = await t.app.inject({ method: "GET", url: "/api/admin/settings/store", headers: owner.auth });
    expect(stored.json()).toMatchObject({ tagline: "Lawn, kurtis and lingerie from Karachi. {free_delivery}." });
    expect(await page("/checkout")).toContain("Delivered in 2-3 working days");
    expect(await page("/cart")).toContain("Zaiba Karachi");
  });

  it("shows a refusal beside the form, keeps what was typed, and refuses a manager", async () => {
    const owner1 = await consoleCookie(owner);
    const settings = await t.app.inject({ method: "GET", url: "/admin/settings", headers: owner1 });
    const updated_at = /name="updated_at" value="([^"]+)"/.exec(settings.body)![1]!;
    const bad = await form(owner1, { updated_at, store_name: "Still typed", facebook_url: "https://evil.example/" });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("facebook_url must be an https link to Facebook");
    expect(bad.body).toContain('value="Still typed"');
    const stale = await form(owner1, { updated_at: "2020-01-01T00:00:00.000000Z", store_name: "Old" });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("changed by someone else");
    expect((await form(await consoleCookie(manager), { updated_at, store_name: "Manager" })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: "/admin/settings", headers: await consoleCookie(manager) })).statusCode,
    ).toBe(403);
    expect((await current()).store_name).toBe("Zaiba Karachi");
  });
});
