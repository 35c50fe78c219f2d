// The rules of what the owner types for a courier account (decision 0102): the base URL, the
// pickup phone and the credentials read against the courier's own fields.
import { describe, expect, it } from "vitest";
import { AppError } from "../shared/errors";
import {
  baseUrlProblem,
  credentialFieldsOf,
  pickupPhone,
  readAccountChanges,
  readCredentials,
  readNewAccount,
} from "./account-input";

describe("a base URL", () => {
  it("is https, or plain http on this machine only", () => {
    for (const ok of [
      "https://api.postex.pk/services/integration/api/order/",
      "HTTPS://merchantapi.leopardscourier.com/api/",
      "https://10.0.0.5:8443/proxy",
      "http://127.0.0.1:4010/",
      "http://localhost/api",
      "http://[::1]:9000/",
    ]) {
      expect(baseUrlProblem(ok), ok).toBeNull();
    }
    for (const bad of [
      "http://api.postex.pk/",
      "http://127.0.0.1.evil.example/",
      "http://localhost.evil.example/",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
      "ftp://courier.example/",
      "//api.postex.pk/",
      "api.postex.pk",
      "https://user:secret@api.postex.pk/",
      "https://api.postex.pk/?token=abc",
      "https://api.postex.pk/#x",
      `https://api.postex.pk/${"a".repeat(400)}`,
    ]) {
      expect(baseUrlProblem(bad), bad.slice(0, 40)).not.toBeNull();
    }
  });
});

describe("a pickup phone", () => {
  it("is a Pakistani mobile or landline, kept as 0 and its digits", () => {
    expect(pickupPhone("0300-1234567")).toBe("03001234567");
    expect(pickupPhone("+92 300 1234567")).toBe("03001234567");
    expect(pickupPhone("0092-42-35761234")).toBe("04235761234");
    expect(pickupPhone("(042) 3576 1234")).toBe("04235761234");
    for (const bad of ["12345", "0300-123", "+1 555 123 4567", "0300123456789", "phone", "", "0".repeat(31)]) {
      expect(pickupPhone(bad), bad).toBeNull();
    }
  });
});

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).extra as { errors: { field: string; message: string }[] };
  }
  throw new Error("not refused");
};

describe("credentials", () => {
  it("are the courier's own fields, every one on a new account", () => {
    const names = credentialFieldsOf("leopards").map((f) => f.name);
    expect(names).toEqual(["api_key", "api_password"]);
    const given = readCredentials("leopards", { api_key: "  key-1 ", api_password: "pw-2" }, true);
    expect(given).toEqual({ values: { api_key: "key-1", api_password: "pw-2" }, errors: [] });
    expect(readCredentials("leopards", { api_key: "key-1" }, true).errors).toEqual([
      { field: "credentials.api_password", message: "API password is required" },
    ]);
  });

  it("leave out a field left empty on an edit, so the stored value stays", () => {
    expect(readCredentials("leopards", { api_key: "", api_password: "new" }, false)).toEqual({
      values: { api_password: "new" },
      errors: [],
    });
    expect(readCredentials("leopards", undefined, false)).toEqual({ values: {}, errors: [] });
  });

  it("refuse another courier's field, a value over its length, a line break, and what is not text", () => {
    const max = credentialFieldsOf("postex")[0]!.maxLength;
    expect(readCredentials("postex", { token: "t", api_key: "x" }, true).errors[0]!.field).toBe("credentials");
    expect(readCredentials("postex", { ["k".repeat(10_000)]: "x" }, true).errors[0]!.message).not.toContain("kkkk");
    expect(readCredentials("postex", { token: "t".repeat(max + 1) }, true).errors[0]!.message).toMatch(/at most/);
    expect(readCredentials("postex", { token: "a\nb" }, true).errors[0]!.message).toMatch(/control characters/);
    expect(readCredentials("postex", { token: "a\u0000b" }, true).errors[0]!.message).toMatch(/control characters/);
    expect(readCredentials("postex", { token: 12345 }, true).errors[0]!.message).toMatch(/must be text/);
    expect(readCredentials("postex", ["token"], true).errors[0]!.field).toBe("credentials");
    expect(
      readCredentials("postex", Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, "x"])), true).errors,
    ).toHaveLength(1);
  });
});

describe("an account's input", () => {
  it("takes a new account with its defaults, and names every field refused", () => {
    const account = readNewAccount({ courier: "postex", label: " PostEx ", credentials: { token: "tok-1234" } });
    expect(account).toEqual({
      courier: "postex",
      label: "PostEx",
      mode: "live",
      baseUrl: null,
      credentials: { token: "tok-1234" },
      pickupAddresses: [],
      defaultWeightGrams: 500,
      active: true,
    });
    const { errors } = refusal(() =>
      readNewAccount({ courier: "postex", label: "", mode: "staging", default_weight_grams: -1, credentials: {} }),
    );
    expect(errors.map((e) => e.field)).toEqual(["label", "mode", "default_weight_grams", "credentials.token"]);
  });

  it("takes an edit's fields alone, a weight typed as text, and an empty base URL as none", () => {
    expect(readAccountChanges("trax", { default_weight_grams: " 750 ", base_url: "" })).toEqual({
      defaultWeightGrams: 750,
      baseUrl: null,
      credentials: {},
    });
    const { errors } = refusal(() =>
      readAccountChanges("trax", { pickup_addresses: [{ label: "Shop", address: "Mall Road", phone: "x" }] }),
    );
    expect(errors).toEqual([{ field: "pickup_addresses.0.phone", message: expect.stringMatching(/Pakistani number/) }]);
  });
});
