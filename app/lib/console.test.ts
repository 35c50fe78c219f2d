import { describe, expect, it } from "vitest";
import { actionLabel, consoleNext, describeChange, isConsolePath, menuFor } from "./console";

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
    expect(menuFor("catalogue").map((i) => i.label)).toEqual(["Home"]);
    expect(menuFor("owner").map((i) => i.label)).toEqual(["Home", "Orders", "Customers", "Staff", "Audit log", "Settings"]);
  });

  it("puts audit entries in words", () => {
    expect(actionLabel("staff.sign_in_failed")).toBe("Sign-in failed");
    expect(actionLabel("order.status_change")).toBe("Order status change");
    expect(describeChange("role", ["manager", "owner"])).toBe("role: manager → owner");
    expect(describeChange("active", [true, false])).toBe("active: true → false");
    expect(describeChange("email", "a@b.pk")).toBe("email: a@b.pk");
    expect(describeChange("note", [null, "x"])).toBe("note: (none) → x");
  });
});
