import { describe, expect, it } from "vitest";
import { actionLabel, ageText, consoleNext, describeChange, karachiDay, menuFor, pageParam } from "./console";
import { isConsolePath } from "./console-path";

describe("console helpers", () => {
  it("goes on after sign-in only to a console page", () => {
    expect(consoleNext("/admin/audit?person=2")).toBe("/admin/audit?person=2");
    expect(consoleNext(null)).toBe("/admin");
    for (const bad of [
      "https://evil.example/admin",
      "//evil.example/admin",
      "/\\evil.example",
      "/checkout",
      "/administrator",
      "/admin/login",
      "/admin/login/code",
      "/admin/logout",
      "/admin%2f..%2fcheckout",
      "x".repeat(3000),
    ]) {
      expect(consoleNext(bad), bad).toBe("/admin");
    }
  });

  it("tells console paths from the shop's", () => {
    expect(["/admin", "/admin/", "/admin/staff", "/admin.data"].every(isConsolePath)).toBe(true);
    expect(["/", "/administrator", "/product/admin", "/adminx"].some(isConsolePath)).toBe(false);
  });

  it("menus follow the roles", () => {
    expect(menuFor("catalogue").map((i) => i.label)).toEqual([
      "Home",
      "Products",
      "Stock",
      "Collections",
      "Reviews",
      "Content",
    ]);
    expect(menuFor("fulfilment").map((i) => i.label)).not.toContain("Reviews");
    expect(menuFor("fulfilment").map((i) => i.label)).not.toContain("Content");
    expect(menuFor("owner").map((i) => i.label)).toEqual([
      "Home",
      "Orders",
      "Calls",
      "Parcels to follow up",
      "Messages",
      "Cash from couriers",
      "Payment reports",
      "Rate cards",
      "Customers",
      "Block list",
      "Products",
      "Stock",
      "Collections",
      "Reviews",
      "Vouchers",
      "Content",
      "Staff",
      "Audit log",
      "Settings",
      "Couriers",
      "Cities",
    ]);
  });

  it("puts audit entries in words", () => {
    expect(actionLabel("staff.sign_in_failed")).toBe("Sign-in failed");
    expect(actionLabel("order.status_change")).toBe("Order status change");
    expect(actionLabel("review.publish")).toBe("Published a review");
    expect(describeChange("role", ["manager", "owner"])).toBe("Role: manager → owner");
    expect(describeChange("active", [true, false])).toBe("Active: yes → no");
    expect(describeChange("email", "a@b.pk")).toBe("Email: a@b.pk");
    expect(describeChange("note", [null, "x"])).toBe("Note: (none) → x");
    // staff read rupees, words and Pakistan time, never paisa, field names or UTC
    expect(describeChange("shipping_fee_paisa", [50000, 25000])).toBe("Shipping fee: Rs. 500 → Rs. 250");
    expect(describeChange("maxDiscountPaisa", [null, 150050])).toBe("Max discount: (none) → Rs. 1,500.50");
    expect(describeChange("starts_at", [null, "2026-12-01T19:00:00.000Z"])).toBe(
      "Starts at: (none) → 2 Dec 2026, 12:00 am",
    );
    expect(describeChange("hold_signals", [["blocked"], ["blocked", "refused_before"]])).toBe(
      "Hold signals: blocked → blocked, refused_before",
    );
    // not money without the name that says so; not a moment unless it is one
    expect(describeChange("stock", [3, 5])).toBe("Stock: 3 → 5");
    expect(describeChange("sku", "2026-12-01")).toBe("Sku: 2026-12-01");
    // a display currency's rate (decision 0091) as rupees per unit, a cleared one as not offered
    expect(describeChange("rate_usd", [null, "278.5000"])).toBe(
      "Rate of the US dollar: not offered → Rs. 278.50 per USD",
    );
    expect(describeChange("rate_gbp", ["355.1234", null])).toBe(
      "Rate of the British pound: Rs. 355.1234 per GBP → not offered",
    );
  });

  it("reads days in Pakistan time, pages and ages", () => {
    expect(karachiDay("2026-11-23")!.toISOString()).toBe("2026-11-22T19:00:00.000Z");
    expect(karachiDay("2026-11-23", 1)!.toISOString()).toBe("2026-11-23T19:00:00.000Z");
    for (const bad of ["2026-13-45", "23/11/2026", "2026-11-2", "", "x".repeat(10_000)])
      expect(karachiDay(bad), bad).toBeNull();
    const page = (q: string) => pageParam(new URLSearchParams(q));
    expect([page(""), page("page=3"), page("page=-2"), page("page=abc"), page("page=2.7"), page("page=1e99")]).toEqual([
      1, 3, 1, 1, 2, 100_000,
    ]);
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(ageText("2026-11-23T11:55:00Z", now)).toBe("5 min");
    expect(ageText("2026-11-23T09:00:00Z", now)).toBe("3 h");
    expect(ageText("2026-11-20T12:00:00Z", now)).toBe("3 days");
  });
});
