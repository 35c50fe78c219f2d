// The client address that every per-address limit counts by (decision 0041). Behind
// TRUST_PROXY=n proxies it is the address the last trusted proxy saw, whatever a client wrote
// into X-Forwarded-For before it; without TRUST_PROXY the header is ignored.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createTestApp, type TestApp } from "../helpers/app";
import { uniqueEmail } from "../helpers/accounts";

const BALANCER = "10.99.0.1";

/** The address the app counted one request under, read back from the voucher check's limiter key. */
async function addressSeen(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
  await t.database.db.execute(sql`delete from rate_limits where key like 'vouchers:ip:%'`);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/validate-voucher",
    payload: { code: "WELCOME10", order_amount: 5000 },
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = (await t.database.db.execute(sql`select key from rate_limits where key like 'vouchers:ip:%'`)) as {
    rows: { key: string }[];
  };
  expect(result.rows).toHaveLength(1);
  return result.rows[0]!.key.slice("vouchers:ip:".length);
}

describe("TRUST_PROXY is a number of proxy hops", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["0", 0],
    ["off", 0],
    ["false", 0],
    ["1", 1],
    ["2", 2],
    [" 3 ", 3],
  ])("reads %j as %i", (value, hops) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxyHops).toBe(hops);
  });

  it.each(["true", "on", "yes", "TRUE"])("refuses %j at start: it does not say how many proxies to trust", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      `TRUST_PROXY must be the number of proxies in front of the store (0 for none, 1 for one load balancer), not "${value}"`,
    );
  });

  it.each(["-1", "1.5", "two", "1,2", "10.0.0.0/8"])("refuses %j at start", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY must be the number of proxies/);
  });
});

describe("behind one proxy (TRUST_PROXY=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts by the address the proxy saw, not by what the client wrote before it", async () => {
    // the balancer appends the address it saw to whatever the client sent
    expect(await addressSeen(t, BALANCER, "203.0.113.7")).toBe("203.0.113.7");
    expect(await addressSeen(t, BALANCER, "198.51.100.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(await addressSeen(t, BALANCER, "1.1.1.1, 198.51.100.2, 203.0.113.7")).toBe("203.0.113.7");
    expect(await addressSeen(t, BALANCER, "not an address, 203.0.113.7")).toBe("203.0.113.7");
    // a request that did not pass the balancer's header on: the connection's own address
    expect(await addressSeen(t, BALANCER)).toBe(BALANCER);
  });

  it("a client rotating forged addresses is still limited as one address", async () => {
    const login = (n: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { email: uniqueEmail("spray"), password: "Wrong2024suit" },
        remoteAddress: BALANCER,
        headers: { "x-forwarded-for": `198.51.100.${n}, 203.0.113.8` },
      });
    const statuses: number[] = [];
    for (let n = 1; n <= 31; n++) statuses.push((await login(n)).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    const forged = (await t.database.db.execute(
      sql`select count(*)::int as n from rate_limits where key like '%198.51.100.%'`,
    )) as { rows: { n: number }[] };
    expect(Number(forged.rows[0]!.n)).toBe(0);
  });
});

describe("behind two proxies (TRUST_PROXY=2: a CDN, then a load balancer)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "2" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts by the address the CDN saw", async () => {
    // forged by the client, appended by the CDN (the client), appended by the balancer (the CDN)
    expect(await addressSeen(t, BALANCER, "198.51.100.9, 203.0.113.20, 192.0.2.50")).toBe("203.0.113.20");
    expect(await addressSeen(t, BALANCER, "203.0.113.20, 192.0.2.50")).toBe("203.0.113.20");
  });
});

describe("with no proxy (TRUST_PROXY unset)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("ignores X-Forwarded-For: the address is the connection's", async () => {
    expect(await addressSeen(t, "203.0.113.30", "198.51.100.3")).toBe("203.0.113.30");
    expect(await addressSeen(t, "203.0.113.30", "198.51.100.3, 203.0.113.99")).toBe("203.0.113.30");
  });
});
