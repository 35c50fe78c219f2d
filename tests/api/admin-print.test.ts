// Printing orders (decision 0058): the print page's packing slips, invoices and
// outer labels for a staff member with the orders permission, what each paper must say and must
// never say (a discreet label names no product, not the store and no lingerie word), who may open
// it, every bad list of ids refused with its status; and the owner's packaging setting through
// the staff API and the settings page, audited. On both databases.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { formatDayTime } from "../../app/lib/dates";
import { lingerieWordIn } from "../../core/orders/print";
import { formatRupees } from "../../core/shared/money";
import { users } from "../../db/schema";
import { freshIp, PASSWORD, registerShopper } from "../helpers/accounts";
import { hasPageBuild } from "../helpers/page-app";
import { type TestStaff } from "../helpers/staff";
import {
  t,
  owner,
  packer,
  catalogue,
  manager,
  lingerie,
  everyday,
  first,
  second,
  place,
  api,
  settingsAudits,
  startPrintStore,
} from "../helpers/print-desk";

startPrintStore();

describe("the packaging setting through the staff API", () => {
  it("starts discreet, with the neutral sender name", async () => {
    const res = await api("GET", "/api/admin/settings/packaging", owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      discreet_packaging: true,
      discreet_sender_name: null,
      sender_name_shown: "Dispatch Centre",
    });
  });

  it("is the owner's: a manager, packer or catalogue member is refused", async () => {
    for (const who of [manager, packer, catalogue]) {
      expect((await api("GET", "/api/admin/settings/packaging", who)).statusCode).toBe(403);
      const put = await api("PUT", "/api/admin/settings/packaging", who, { discreet_packaging: false });
      expect(put.statusCode).toBe(403);
    }
    expect((await api("GET", "/api/admin/settings/packaging", owner)).json().discreet_packaging).toBe(true);
  });

  it("sets a sender name, audited once, and refuses a name that gives the store away", async () => {
    const before = (await settingsAudits()).length;
    const set = await api("PUT", "/api/admin/settings/packaging", owner, {
      discreet_packaging: true,
      discreet_sender_name: "  Korangi Parcel House ",
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      discreet_packaging: true,
      discreet_sender_name: "Korangi Parcel House",
      sender_name_shown: "Korangi Parcel House",
    });
    const audits = await settingsAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)!.changes).toEqual({ discreet_sender_name: [null, "Korangi Parcel House"] });
    // the same again changes nothing and records nothing
    await api("PUT", "/api/admin/settings/packaging", owner, {
      discreet_packaging: true,
      discreet_sender_name: "Korangi Parcel House",
    });
    expect(await settingsAudits()).toHaveLength(before + 1);

    for (const [body, detail] of [
      [{ discreet_packaging: true, discreet_sender_name: "Zaiba Dispatch" }, /must not name the store/],
      [{ discreet_packaging: true, discreet_sender_name: "Silk Lingerie House" }, /"Lingerie"/],
      [{ discreet_packaging: true, discreet_sender_name: "Bra Depot" }, /"Bra"/],
      [{ discreet_packaging: true, discreet_sender_name: "x".repeat(61) }, /at most 60/],
      [{ discreet_packaging: true, discreet_sender_name: "x".repeat(100_000) }, /at most 60/],
      [{ discreet_packaging: true, discreet_sender_name: "Parcel\u0007House" }, /one line/],
      [{ discreet_packaging: true, discreet_sender_name: "Parcel\nHouse" }, /one line/],
      [{ discreet_packaging: "yes" }, /discreet_packaging/],
      [{}, /discreet_packaging/],
      [{ discreet_packaging: true, discreet_sender_name: 5 }, /discreet_sender_name/],
    ] as const) {
      const res = await api("PUT", "/api/admin/settings/packaging", owner, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await settingsAudits()).toHaveLength(before + 1);
    expect((await api("GET", "/api/admin/settings/packaging", owner)).json().discreet_sender_name).toBe(
      "Korangi Parcel House",
    );
    // empty: back to the default
    const cleared = await api("PUT", "/api/admin/settings/packaging", owner, {
      discreet_packaging: true,
      discreet_sender_name: "",
    });
    expect(cleared.json()).toMatchObject({ discreet_sender_name: null, sender_name_shown: "Dispatch Centre" });
    expect((await settingsAudits()).at(-1)!.changes).toEqual({
      discreet_sender_name: ["Korangi Parcel House", null],
    });
  });
});

describe.skipIf(!hasPageBuild())("the print page", () => {
  const own = { host: "localhost:3000", origin: "http://localhost:3000" };
  const cookies = new Map<TestStaff, string>();

  /** The console cookie of a member, signed in through the console's own form. */
  async function cookieOf(who: TestStaff): Promise<string> {
    const known = cookies.get(who);
    if (known) return known;
    await t.core.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, who.id));
    const res = await t.app.inject({
      method: "POST",
      url: "/admin/login",
      headers: { "content-type": "application/x-www-form-urlencoded", ...own },
      payload: new URLSearchParams({ email: who.email, password: PASSWORD }).toString(),
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(302);
    const cookie = String(res.headers["set-cookie"]).split(";")[0]!;
    cookies.set(who, cookie);
    return cookie;
  }

  const open = async (query: string, who: TestStaff | null = packer) =>
    t.app.inject({
      method: "GET",
      url: `/admin/print?${query}`,
      headers: who ? { cookie: await cookieOf(who) } : {},
    });

  /** What a person sees on the page: its text without scripts, styles and tags. */
  const visible = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<style[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ");

  const setDiscreet = (on: boolean) =>
    api("PUT", "/api/admin/settings/packaging", owner, { discreet_packaging: on, discreet_sender_name: null });

  it("prints discreet labels: Garments, the neutral sender, the cash to collect, and nothing of what is inside", async () => {
    await setDiscreet(true);
    const res = await open(`ids=${first.id},${second.id}&doc=label`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const html = res.body;
    const text = visible(html);
    expect(html).toContain("@page { size: 4in 6in;");
    expect(html.match(/<article /g)).toHaveLength(2);
    for (const order of [first, second]) {
      expect(text).toContain(order.trackingId);
      expect(text).toContain(`Collect ${formatRupees(order.totalPaisa)}`);
      expect(text).toContain(order.phone);
      // the product names appear nowhere in the page, not even in its data
      for (const name of order.names) expect(html, name).not.toContain(name);
    }
    expect(text).toContain("Garments");
    expect(text).toContain("Dispatch Centre");
    expect(text).toContain("Lahore 54660");
    expect(lingerieWordIn(text)).toBeNull();
    expect(html).not.toMatch(/zaiba/i);
    // and no link to the store's tracking page (its address names the store)
    expect(html).not.toContain("/track?tracking_id=");
  });

  it("names the store and links its tracking page when discreet packaging is off", async () => {
    await setDiscreet(false);
    try {
      const res = await open(`ids=${first.id}&doc=label`);
      expect(res.statusCode).toBe(200);
      const text = visible(res.body);
      expect(text).toContain("Zaiba");
      expect(text).toContain("Clothing");
      expect(text).not.toContain("Garments");
      expect(res.body).toContain(`alt="QR code: http://localhost:3000/track?tracking_id=${first.trackingId}"`);
      for (const name of first.names) expect(res.body, name).not.toContain(name);
    } finally {
      await setDiscreet(true);
    }
  });

  it("prints packing slips with the items, their options and quantities, boxes to tick and no prices", async () => {
    const res = await open(`ids=${first.id}&doc=slip`);
    expect(res.statusCode).toBe(200);
    const text = visible(res.body);
    expect(res.body).toContain("@page { size: A4;");
    expect(text).toContain("Packing slip");
    for (const name of first.names) expect(text).toContain(name);
    expect(res.body.match(/class="print-tick"/g)).toHaveLength(2);
    expect(text).toContain("Pieces in the parcel: 3");
    expect(text).toContain("Packed by");
    expect(text).not.toContain("Rs.");
    // the slip goes inside the parcel: it may name the store
    expect(text).toContain("Zaiba");
  });

  it("prints invoices with prices, totals, cash on delivery and the date in Pakistan time", async () => {
    const res = await open(`ids=${second.id}&doc=invoice&paper=a4`);
    expect(res.statusCode).toBe(200);
    const text = visible(res.body);
    expect(text).toContain("Invoice");
    for (const name of second.names) expect(text).toContain(name);
    for (const item of [lingerie[2]!, everyday]) expect(text).toContain(formatRupees(item.pricePaisa));
    expect(text).toContain("Subtotal");
    expect(text).toContain("Shipping");
    expect(text).toContain(`Total ${formatRupees(second.totalPaisa)}`);
    expect(text).toContain("Cash on delivery");
    expect(text).toContain(formatDayTime(second.createdAt));
    expect(text).toContain("Pakistan time");
    expect(res.body).toContain(`/track?tracking_id=${second.trackingId}`);
  });

  it("says across a cancelled order's papers that it must not be sent", async () => {
    const cancelled = await place([{ item: everyday, quantity: 1 }]);
    const res = await api("POST", `/api/admin/orders/${cancelled.id}/status`, packer, { status: "cancelled" });
    expect(res.statusCode).toBe(200);
    for (const doc of ["label", "slip", "invoice"]) {
      const page = await open(`ids=${cancelled.id}&doc=${doc}`);
      expect(visible(page.body), doc).toContain("Cancelled: do not send");
    }
    expect(visible((await open(`ids=${first.id}&doc=label`)).body)).not.toContain("do not send");
  });

  it("prints each order once, in the order asked, from a link's list or a form's ticks, on either paper", async () => {
    const res = await open(`ids=${second.id},${first.id},${second.id}&doc=slip&paper=label`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("@page { size: 4in 6in;");
    const order = [...res.body.matchAll(/aria-label="Packing slip ([A-Z0-9-]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([second.trackingId, first.trackingId]);
    const form = await open(`id=${first.id}&id=${second.id}&doc=label`);
    expect(form.statusCode).toBe(200);
    expect([...form.body.matchAll(/aria-label="Label ([A-Z0-9-]+)"/g)].map((m) => m[1])).toEqual([
      first.trackingId,
      second.trackingId,
    ]);
    const a4Labels = await open(`ids=${first.id}&doc=label&paper=a4`);
    expect(a4Labels.body).toContain("@page { size: A4;");
  });

  it("is for the orders permission: a catalogue member gets 403, a shopper's token 403, a stranger goes to sign in", async () => {
    const refused = await open(`ids=${first.id}&doc=slip`, catalogue);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(first.trackingId);
    for (const name of first.names) expect(refused.body).not.toContain(name);

    const shopper = await registerShopper(t.app);
    const asShopper = await t.app.inject({
      method: "GET",
      url: `/admin/print?ids=${first.id}&doc=slip`,
      headers: { cookie: `${STAFF_COOKIE}=${shopper.token}` },
    });
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.body).not.toContain(first.trackingId);

    const stranger = await open(`ids=${first.id}&doc=label`, null);
    expect(stranger.statusCode).toBe(302);
    expect(stranger.headers.location).toBe(
      `/admin/login?next=${encodeURIComponent(`/admin/print?ids=${first.id}&doc=label`)}`,
    );
    // the owner and a manager have the orders permission too
    for (const who of [owner, manager]) expect((await open(`ids=${first.id}&doc=label`, who)).statusCode).toBe(200);
  });

  it("refuses every bad list with a message and its status, never a 500", async () => {
    const hundredAndOne = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    const cases: [string, number, RegExp][] = [
      [`ids=${hundredAndOne}&doc=label`, 422, /At most 100 orders/],
      [`ids=${first.id},99999999&doc=label`, 404, /No such order: 99999999\./],
      [`ids=99999998,99999999&doc=slip`, 404, /No such order: 99999998, 99999999\./],
      [`ids=1,abc&doc=label`, 422, /&quot;abc&quot; is not an order number/],
      [`ids=-1&doc=label`, 422, /&quot;-1&quot; is not an order number/],
      [`ids=0&doc=label`, 422, /is not an order number/],
      [`ids=${"9".repeat(30)}&doc=label`, 422, /is not an order number/],
      [`ids=2147483648&doc=label`, 422, /is not an order number/],
      [`ids=${"1,".repeat(3000)}&doc=label`, 422, /At most 100 orders/],
      [`ids=%01&doc=label`, 422, /is not an order number/],
      [`ids=${first.id}%0A${second.id}&doc=label`, 422, /is not an order number/],
      [`ids=${first.id}&doc=receipt`, 422, /doc must be one of: slip, invoice, label/],
      [`ids=${first.id}&doc=label&paper=letter`, 422, /paper must be one of: a4, label/],
      [`doc=label`, 422, /Choose the orders to print/],
      [`ids=&doc=label`, 422, /Choose the orders to print/],
    ];
    for (const [query, status, detail] of cases) {
      const res = await open(query);
      expect(res.statusCode, query.slice(0, 60)).toBe(status);
      expect(res.body, query.slice(0, 60)).toMatch(detail);
      expect(res.body).toContain("Back to the orders");
    }
    // a NUL byte is refused before any page is looked for (decision 0045)
    expect((await open("ids=%00&doc=label")).statusCode).toBe(400);
  });

  it("saves the packaging setting from the settings page, audited, and the next label follows it", async () => {
    const before = (await settingsAudits()).length;
    const post = await t.app.inject({
      method: "POST",
      url: "/admin/settings",
      headers: { "content-type": "application/x-www-form-urlencoded", ...own, cookie: await cookieOf(owner) },
      payload: new URLSearchParams({
        intent: "packaging",
        discreet_packaging: "on",
        discreet_sender_name: "Gulberg Parcels",
      }).toString(),
    });
    expect(post.statusCode).toBe(200);
    const audits = await settingsAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)!.changes).toEqual({ discreet_sender_name: [null, "Gulberg Parcels"] });
    try {
      expect(visible((await open(`ids=${first.id}&doc=label`)).body)).toContain("Gulberg Parcels");
      const refused = await t.app.inject({
        method: "POST",
        url: "/admin/settings",
        headers: { "content-type": "application/x-www-form-urlencoded", ...own, cookie: await cookieOf(owner) },
        payload: new URLSearchParams({ intent: "packaging", discreet_sender_name: "Nightwear Hub" }).toString(),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain("must not say what the store sells");
      const page = await t.app.inject({
        method: "GET",
        url: "/admin/settings",
        headers: { cookie: await cookieOf(owner) },
      });
      expect(page.body).toContain("Discreet packaging");
      expect(page.body).toContain('value="Gulberg Parcels"');
    } finally {
      await setDiscreet(true);
    }
  });
});
