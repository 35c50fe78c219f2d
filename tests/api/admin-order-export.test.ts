// The orders list as CSV (decision 0059): through the staff API and the
// console's link, on both databases. The file's header and a row's exact cells, the list's
// filters, spreadsheet formulas defused, RFC 4180 quoting, an empty list, more orders than one
// batch (keyset paging that neither skips nor repeats an order, microseconds and ties
// included), who may export, bad filters, and a client that goes away stopping the reading.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { csvCell, exportOrdersCsv, ORDER_CSV_HEADER, UTF8_BOM } from "../../core/orders/export";
import { openStaffSession } from "../../core/staff/sessions";
import { users } from "../../db/schema";
import { STAFF_COOKIE } from "../../app/lib/staff.server";
import { registerShopper } from "../helpers/accounts";
import { hasPageBuild } from "../helpers/page-app";
import { rows } from "../helpers/shop";
import { actorOf, type TestStaff } from "../helpers/staff";
import {
  t,
  owner,
  packer,
  catalogue,
  parseCsv,
  exportCsv,
  exported,
  insertOrder,
  serial,
  startOrderExportStore,
} from "../helpers/order-export";

startOrderExportStore();

describe("a CSV cell", () => {
  it("quotes commas, quotes and line breaks and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+92 300")).toBe("'+92 300");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvCell("عائشہ")).toBe("عائشہ");
  });

  it("defuses a formula after a semicolon, a tab or a line break, where some spreadsheets start a cell", () => {
    expect(csvCell('Ayesha;=HYPERLINK("http://x","y")')).toBe(`"Ayesha;'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("a; -5")).toBe("a;' -5");
    expect(csvCell('a;"=1+1"')).toBe(`"a;'""=1+1"""`);
    expect(csvCell("a\t+92 300")).toBe("a\t'+92 300");
    expect(csvCell("House 1\r\n@SUM(A1)")).toBe(`"House 1\r\n'@SUM(A1)"`);
    expect(csvCell("x,=1+1")).toBe(`"x,'=1+1"`);
    // ordinary text is left as it is
    expect(csvCell("2 × Lawn kurti (M / Red); 1 × Dupatta")).toBe("2 × Lawn kurti (M / Red); 1 × Dupatta");
    expect(csvCell("Gulistan-e-Jauhar; Block 5")).toBe("Gulistan-e-Jauhar; Block 5");
    // a long run of separators and spaces is checked in one pass
    const long = `${"; ".repeat(200_000)}x`;
    expect(csvCell(long)).toBe(long);
  });
});

/**
 * The cells a spreadsheet starts when it splits on semicolons (the list separator where the
 * decimal mark is a comma), tabs, line breaks or commas and takes no notice of the quotes: each
 * one's text after any spaces and quotes.
 */
const looseCells = (text: string) => text.split(/[;,\t\r\n]/).map((cell) => cell.replace(/^[ "]+/, ""));
const FORMULA = /^[=+\-@]/;

describe("GET /api/admin/orders/export.csv", () => {
  it("answers a file named for today with the header and each order's cells", async () => {
    const city = `Multan${Date.now()}`;
    const order = await insertOrder(
      { city, firstName: "عائشہ", lastName: "Khan", phone: "0300-1234567", createdAt: "2026-11-23T09:05:30Z" },
      [
        { name: "Lawn kurti", variant: "M / Red", quantity: 2 },
        { name: "Dupatta", variant: null, quantity: 1 },
      ],
    );
    await t.database.db.execute(
      sql`update orders set status = 'delivered', voucher_code = 'EID10', courier = 'TCS',
            tracking_number = 'TCS-7731', cash_collected_paisa = 515000 where id = ${order.id}`,
    );
    const res = await exportCsv(`?city=${city}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith(`${UTF8_BOM}Tracking ID,Placed (Pakistan time),Status,`)).toBe(true);
    const data = parseCsv(res.body.slice(1)).slice(1);
    expect(data).toEqual([
      [
        order.trackingId,
        "2026-11-23 14:05",
        "delivered",
        "website",
        "عائشہ Khan",
        "0300-1234567",
        `csv${serial}@example.pk`,
        "House 1, Street 2",
        city,
        "54000",
        "2 × Lawn kurti (M / Red); 1 × Dupatta",
        "3",
        "5000.00",
        "250.00",
        "100.00",
        "EID10",
        "5150.00",
        "TCS",
        "TCS-7731",
        "5150.00",
      ],
    ]);
  });

  it("exports what the list shows: status tab, city, search and dates", async () => {
    const city = `Sialkot${Date.now()}`;
    const a = await insertOrder({ city, firstName: "Sana", createdAt: "2026-10-01T10:00:00Z" }, []);
    const b = await insertOrder(
      { city, firstName: "Bilal", status: "confirmed", phone: "0321-7654321", phoneNormalized: "923217654321" },
      [],
    );
    const c = await insertOrder({ city, firstName: "Hina", createdAt: "2026-11-22T18:59:00Z" }, []);
    const ids = (data: string[][]) => data.map((r) => r[0]);
    expect(ids(await exported(`?city=${city.toUpperCase()}`))).toEqual([c.trackingId, b.trackingId, a.trackingId]);
    expect(ids(await exported(`?city=${city}&status=confirmed`))).toEqual([b.trackingId]);
    expect(ids(await exported(`?city=${city}&status=pending%20confirmation`))).toEqual([c.trackingId, a.trackingId]);
    expect(ids(await exported(`?city=${city}&search=0321-7654321`))).toEqual([b.trackingId]);
    expect(ids(await exported(`?city=${city}&search=sana`))).toEqual([a.trackingId]);
    expect(ids(await exported(`?city=${city}&from=2026-11-01&to=2026-11-21T00:00:00Z`))).toEqual([b.trackingId]);
    expect(ids(await exported(`?city=${city}&from=2026-11-22T00:00:00Z`))).toEqual([c.trackingId]);
    // the same orders as the list itself under the same filters
    const list = await t.app.inject({
      method: "GET",
      url: `/api/admin/orders?city=${city}&from=2026-11-01`,
      headers: packer.auth,
    });
    expect(list.json().map((o: { tracking_id: string }) => o.tracking_id)).toEqual(
      ids(await exported(`?city=${city}&from=2026-11-01`)),
    );
  });

  it("defuses a name that a spreadsheet would run and quotes an address with commas, quotes and lines", async () => {
    const city = `Quetta${Date.now()}`;
    const address = 'Flat 3, "Rose Villa"\nBlock B, Gulistan-e-Jauhar';
    await insertOrder(
      { city, firstName: '=HYPERLINK("http://evil.example","Click")', lastName: "", phone: "+92 300 1234567", address },
      [],
    );
    const res = await exportCsv(`?city=${city}`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(res.body).toContain(`"Flat 3, ""Rose Villa""\nBlock B, Gulistan-e-Jauhar"`);
    const [row] = parseCsv(res.body.slice(1)).slice(1);
    expect(row![4]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(row![5]).toBe("'+92 300 1234567");
    expect(row![7]).toBe(address);
    expect(row).toHaveLength(ORDER_CSV_HEADER.length);
  });

  it("defuses a formula after a semicolon or a line break inside a cell", async () => {
    const city = `Sukkur${Date.now()}`;
    await insertOrder(
      {
        city,
        firstName: 'Ayesha;=HYPERLINK("http://evil.example","Click")',
        lastName: "Khan; +1",
        address: "House 1\r\n=1+1;@SUM(A1)",
      },
      [{ name: 'Kurti;-2+3;"=cmd"', variant: null, quantity: 1 }],
    );
    const res = await exportCsv(`?city=${city}`);
    expect(res.statusCode).toBe(200);
    expect(looseCells(res.body.slice(1)).filter((cell) => FORMULA.test(cell))).toEqual([]);
    // read as RFC 4180 says, every cell holds what was typed, with the guard's apostrophes
    const [row] = parseCsv(res.body.slice(1)).slice(1);
    expect(row![4]).toBe(`Ayesha;'=HYPERLINK("http://evil.example","Click") Khan;' +1`);
    expect(row![7]).toBe("House 1\r\n'=1+1;'@SUM(A1)");
    expect(row![10]).toBe(`1 × Kurti;'-2+3;'"=cmd"`);
  });

  it("answers the header alone when no order matches", async () => {
    const res = await exportCsv(`?city=Nowhere${Date.now()}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${UTF8_BOM}${ORDER_CSV_HEADER.join(",")}\r\n`);
  });

  it("reads more orders than one batch without skipping or repeating one, newest first", async () => {
    const city = `Bulk${Date.now()}`;
    // 2,500 orders 7 µs apart, every third pair at the very same moment: the paging must keep
    // the microseconds and break ties by id
    await t.database.db.execute(sql`
      insert into orders (tracking_id, first_name, last_name, email, phone, phone_normalized, shipping_address,
        city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, created_at)
      select 'BULK' || lpad(g::text, 6, '0'), 'Bulk', 'Buyer ' || g, 'bulk' || g || '@example.pk', '0300-1234567',
        '923001234567', 'House ' || g, ${city}, '54000', 'Pakistan', 100000, 0, 100000,
        timestamptz '2026-11-01 10:00:00.123456+00' + ((g / 3) * 7) * interval '1 microsecond'
      from generate_series(1, 2500) as g`);
    const data = await exported(`?city=${city}`);
    expect(data).toHaveLength(2500);
    const trackingIds = data.map((r) => r[0]!);
    expect(new Set(trackingIds).size).toBe(2500);
    const inOrder = await rows<{ tracking_id: string }>(
      t,
      sql`select tracking_id from orders where city = ${city} order by created_at desc, id desc`,
    );
    expect(trackingIds).toEqual(inOrder.map((r) => r.tracking_id));
  });

  it("lets only staff with the orders permission export", async () => {
    expect((await exportCsv("", null)).statusCode).toBe(401);
    const shopper = await registerShopper(t.app);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/orders/export.csv", headers: shopper.auth })).statusCode,
    ).toBe(403);
    const refused = await exportCsv("", catalogue);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ detail: "You do not have permission to do this." });
    expect((await exportCsv("?city=Nowhere", owner)).statusCode).toBe(200);
  });

  it("answers bad filters with 422 and a JSON detail naming the field, before any byte of a file", async () => {
    for (const [query, field] of [
      ["?status=lost", "status"],
      ["?from=yesterday", "from"],
      ["?to=2026-13-45", "to"],
      [`?search=${"x".repeat(101)}`, "search"],
      [`?city=${"x".repeat(101)}`, "city"],
    ] as const) {
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.headers["content-type"], query).toMatch(/^application\/json/);
      expect(res.headers["content-disposition"], query).toBeUndefined();
      expect(res.json().detail, query).toContain(field);
    }
  });

  it("does not clash with an order's own address", async () => {
    const order = await insertOrder({ city: `Ids${Date.now()}` }, []);
    const one = await t.app.inject({ method: "GET", url: `/api/admin/orders/${order.id}`, headers: packer.auth });
    expect(one.statusCode).toBe(200);
    expect(one.json().tracking_id).toBe(order.trackingId);
    const notAnId = await t.app.inject({ method: "GET", url: "/api/admin/orders/export.json", headers: packer.auth });
    expect(notAnId.statusCode).toBe(422);
  });

  it("stops reading when the client goes away", async () => {
    // through a real socket: the client reads the first bytes and hangs up
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
    const closed = await new Promise<boolean>((resolve, reject) => {
      const request = http.get(
        { host: "127.0.0.1", port, path: "/api/admin/orders/export.csv", headers: packer.auth },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once("data", () => request.destroy());
        },
      );
      request.on("error", () => resolve(true));
      request.on("close", () => resolve(true));
      setTimeout(() => reject(new Error("the request did not end")), 10_000);
    });
    expect(closed).toBe(true);
    // the store still answers, and the stream it was writing is gone (no socket left open)
    const after = await exportCsv(`?city=Nowhere${Date.now()}`);
    expect(after.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const open = await new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
    );
    expect(open).toBe(0);
  });
});

describe("the export in core", () => {
  it("reads no further batch once the reader stops", async () => {
    const actor = await actorOf(t.core, packer);
    const csv = await exportOrdersCsv(t.core, actor, {}, { batchSize: 10 });
    const stream = Readable.from(csv);
    const first = await new Promise<string>((resolve) => stream.once("data", (chunk) => resolve(String(chunk))));
    expect(first.startsWith(UTF8_BOM)).toBe(true);
    stream.destroy();
    await new Promise((resolve) => stream.once("close", resolve));
    // destroying the stream ended the generator: it answers done without reading
    expect(await csv.next()).toEqual({ done: true, value: undefined });
  });

  it("refuses a member without the orders permission before reading anything", async () => {
    const actor = await actorOf(t.core, catalogue);
    await expect(exportOrdersCsv(t.core, actor, {})).rejects.toMatchObject({ status: 403 });
  });
});

describe.skipIf(!hasPageBuild())("the console's Export CSV link", () => {
  const consoleCookie = async (staff: TestStaff) => {
    const { token } = await openStaffSession(t.core.db, staff.id, "console", { ip: "127.0.0.1" });
    return `${STAFF_COOKIE}=${token}`;
  };

  it("streams the same file with the console's cookie, under the screen's filters", async () => {
    const city = `Hyderabad${Date.now()}`;
    const order = await insertOrder({ city, createdAt: "2026-11-10T12:00:00Z" }, [
      { name: "Lawn kurti", variant: "S / Blue", quantity: 1 },
    ]);
    await insertOrder({ city, createdAt: "2026-11-12T12:00:00Z", status: "confirmed" }, []);
    const cookie = await consoleCookie(owner);
    const page = await t.app.inject({ method: "GET", url: `/admin/orders?city=${city}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    const href = /href="(\/admin\/orders\/export\.csv[^"]*)"/.exec(page.body)?.[1]?.replace(/&amp;/g, "&");
    expect(href).toBe(`/admin/orders/export.csv?city=${city}`);

    const res = await t.app.inject({
      method: "GET",
      url: `/admin/orders/export.csv?city=${city}&status=pending+confirmation&from=2026-11-10&to=2026-11-10`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const [header, ...data] = parseCsv(res.body.slice(UTF8_BOM.length));
    expect(header).toEqual([...ORDER_CSV_HEADER]);
    expect(data.map((r) => [r[0], r[10]])).toEqual([[order.trackingId, "1 × Lawn kurti (S / Blue)"]]);
  });

  it("sends a signed-out visitor to sign in, refuses a role without orders, and names a bad filter", async () => {
    const out = await t.app.inject({ method: "GET", url: "/admin/orders/export.csv" });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toMatch(/^\/admin\/login/);
    // past the first sign-in's new password, so the refusal is the permission's
    await t.core.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, catalogue.id));
    const refused = await t.app.inject({
      method: "GET",
      url: "/admin/orders/export.csv",
      headers: { cookie: await consoleCookie(catalogue) },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: "GET",
      url: "/admin/orders/export.csv?from=someday",
      headers: { cookie: await consoleCookie(owner) },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("From must be a date.");
  });
});
