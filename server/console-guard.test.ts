// Which targets are the console's, decided as React Router decides what it serves (decision 0085).
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { consoleTarget, isConsoleUrl } from "./console-guard";

describe("consoleTarget", () => {
  it("gives every spelling of a console page its one spelling, the query as sent", () => {
    const cases: [string, string][] = [
      ["/admin", "/admin"],
      ["/admin/", "/admin"],
      ["/admin/block-list", "/admin/block-list"],
      ["/Admin/block-list", "/admin/block-list"],
      ["/ADMIN/BLOCK-LIST?q=Ali", "/admin/block-list?q=Ali"],
      ["/%61dmin/block-list", "/admin/block-list"],
      ["/%41%44%4d%49%4E/%62lock-list", "/admin/block-list"],
      ["/./admin/block-list", "/admin/block-list"],
      ["/x/../admin/block-list", "/admin/block-list"],
      ["/x/%2e%2E/admin/block-list", "/admin/block-list"],
      ["/x/.%2e/admin", "/admin"],
      ["/%2e/admin", "/admin"],
      ["/x\\..\\admin\\staff", "/admin/staff"],
      ["/admin/./staff/", "/admin/staff"],
      ["/admin#/../checkout", "/admin"],
      ["/admin?next=/x#frag", "/admin?next=/x"],
      ["/admin.data", "/admin.data"],
      ["/ADMIN.data?_routes=x", "/admin.data?_routes=x"],
      ["/admin/staff.data", "/admin/staff.data"],
      ["/admin/orders/%31%32", "/admin/orders/12"],
      // escapes of other characters mean something else, and stay
      ["/admin/x%2Fy", "/admin/x%2fy"],
      ["/admin/%00", "/admin/%00"],
    ];
    for (const [target, one] of cases) expect(consoleTarget(target), target).toBe(one);
  });

  it("leaves every other target alone", () => {
    for (const target of [
      "/",
      "/product/7",
      "/administrator",
      "/admin-x",
      "/admin.foo",
      "/x/admin",
      "//admin",
      "/admin%2Fstaff",
      "/%2561dmin",
      "/ad%09min",
      "/admin/..",
      "/_root.data",
      "/api/admin/staff",
      "/admin/../product/7",
      "http://evil.example/admin",
      "",
    ]) {
      expect(consoleTarget(target), target).toBeNull();
    }
  });

  // React Router itself: the console is its routes under "admin" (case-insensitive, as the
  // store's routes are), everything else the not-found page; its request handler reads
  // "/x.data" as the data of "/x". The door must apply exactly where the console is served.
  const routes = [
    { path: "admin/*", id: "console" },
    { path: "*", id: "other" },
  ];
  const servedByConsole = (target: string) => {
    let pathname = new URL(`http://store.example${target}`).pathname;
    if (pathname !== "/_root.data" && pathname.endsWith(".data")) pathname = pathname.slice(0, -5);
    return matchRoutes(routes, pathname)?.[0]?.route.id === "console";
  };

  it("agrees with React Router on thousands of generated spellings", () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const letter = (c: string) =>
      pick([
        c,
        c.toUpperCase(),
        `%${c.charCodeAt(0).toString(16)}`,
        `%${c.toUpperCase().charCodeAt(0).toString(16).toUpperCase()}`,
      ]);
    const segments = ["", ".", "..", "%2e", "%2E%2e", "x", "admin", "staff", "block-list", "%2F", "\\"];
    for (let n = 0; n < 5_000; n++) {
      const word = [..."admin"].map(letter).join("");
      const before = Array.from({ length: Math.floor(random() * 3) }, () => pick(segments));
      const after = Array.from({ length: Math.floor(random() * 3) }, () => pick(segments));
      const target =
        ["", ...before, pick([word, word, "admin", pick(segments)]), ...after].join("/") +
        pick(["", ".data", "?a=b", "#x"]);
      const path = target.startsWith("/") ? target : `/${target}`;
      expect(isConsoleUrl(path), path).toBe(servedByConsole(path));
      const one = consoleTarget(path);
      // the one spelling is served by the same page, and is its own one spelling
      if (one !== null) {
        expect(servedByConsole(one), `${path} -> ${one}`).toBe(true);
        expect(consoleTarget(one), one).toBe(one);
      }
    }
  });

  it("takes linear time on long hostile targets", () => {
    const start = performance.now();
    for (const target of [`/admin/${"%41".repeat(2_500)}`, `/${"../".repeat(2_500)}admin`, `/${"%".repeat(8_000)}`]) {
      consoleTarget(target);
    }
    expect(performance.now() - start).toBeLessThan(100);
  });
});
