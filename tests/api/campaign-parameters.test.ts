// Visitors from an ad or a shared post arrive with a click id no page reads (fbclid, gclid,
// utm_*): they get the page every other visitor gets, from the page cache, and never the click id
// of the visitor before them (decision 0081).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutCampaignParameters } from "../../server/campaign-parameters";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";

describe("withoutCampaignParameters", () => {
  it("takes out ad and campaign parameters and keeps the rest as written, in order", () => {
    expect(withoutCampaignParameters("/product/6?fbclid=IwAR0abc")).toBe("/product/6");
    expect(withoutCampaignParameters("/collection/all?search=lawn+suit&utm_source=fb&sort=price_asc&gclid=x")).toBe(
      "/collection/all?search=lawn+suit&sort=price_asc",
    );
    expect(withoutCampaignParameters("/?UTM_Medium=cpc&FBCLID=1&igsh=2&ttclid=3")).toBe("/");
    // written encoded, or without a value, or with a trailing "&"
    expect(withoutCampaignParameters("/p/x?%66bclid=1&size=M&")).toBe("/p/x?size=M");
    expect(withoutCampaignParameters("/p/x?fbclid&size=M")).toBe("/p/x?size=M");
    expect(withoutCampaignParameters("/product/6?")).toBe("/product/6");
  });

  it("leaves alone what no campaign writes, the same string when nothing goes", () => {
    const targets = [
      "/product/6",
      "/collection/all?search=fbclid",
      "/collection/all?utm=1&my_utm_source=2&fbclid_x=3",
      "/collection/all?search=%E0%A4%A&size=M", // a broken escape in a value stays as it was
      "/collection/all?%E0%A4%A=1", // and in a name
    ];
    for (const target of targets) expect(withoutCampaignParameters(target)).toBe(target);
  });

  it("reads a hostile query in linear time", () => {
    const hostile = `/collection/all?${"fbclid=1&".repeat(100_000)}${"%".repeat(1_000_000)}=1&${"a&".repeat(200_000)}`;
    const started = performance.now();
    const result = withoutCampaignParameters(hostile);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.startsWith(`/collection/all?${"%".repeat(1_000_000)}=1&a&a`)).toBe(true);
  });
});

let t: PageApp;
beforeAll(async () => {
  t = await createPageApp({ cacheMs: 5_000 });
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!hasPageBuild())("a page asked with an ad's click id", () => {
  it("is the cached page of the address without it, carrying no visitor's click id", async () => {
    const first = await t.app.inject({ method: "GET", url: "/product/1?fbclid=IwAR-first-visitor" });
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    for (const url of [
      "/product/1?fbclid=IwAR-second-visitor&utm_source=facebook",
      "/product/1",
      "/product/1?gclid=g1",
    ]) {
      const later = await t.app.inject({ method: "GET", url });
      expect(later.statusCode, url).toBe(200);
      expect(later.headers["x-page-cache"], url).toBe("hit");
      expect(later.body, url).toBe(first.body);
    }
    expect(first.body).not.toMatch(/IwAR|fbclid|utm_source|gclid/);
  });

  it("keeps the parameters a page reads: a search with a click id is that search", async () => {
    const search = await t.app.inject({ method: "GET", url: "/collection/all?search=zzqx-nothing&fbclid=abc" });
    expect(search.statusCode).toBe(200);
    const same = await t.app.inject({ method: "GET", url: "/collection/all?search=zzqx-nothing" });
    expect(same.headers["x-page-cache"]).toBe("hit");
    expect(same.body).toBe(search.body);
    const all = await t.app.inject({ method: "GET", url: "/collection/all?fbclid=abc" });
    expect(all.body).not.toBe(search.body);
  });
});
