import { describe, expect, it } from "vitest";
import {
  PASSWORD_RULE_MESSAGE,
  loginInput,
  meetsPasswordRules,
  normalizeEmail,
  profileInput,
  registerInput,
} from "./rules";

const valid = {
  first_name: " Ayesha ",
  last_name: "Khan",
  email: "  Ayesha.Khan@Example.PK ",
  password: "Lawn2024suit",
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("registerInput (spec §5 Register)", () => {
  it("trims names and trims and lowercases the email", () => {
    expect(registerInput.parse(valid)).toEqual({
      first_name: "Ayesha",
      last_name: "Khan",
      email: "ayesha.khan@example.pk",
      password: "Lawn2024suit",
    });
  });

  it.each(["short1A", "alllowercase1", "ALLUPPERCASE1", "NoDigitsHere"])("refuses the password %s", (password) => {
    expect(firstMessage(registerInput.safeParse({ ...valid, password }))).toBe(PASSWORD_RULE_MESSAGE);
  });

  it("names the missing field in words a shopper understands", () => {
    expect(firstMessage(registerInput.safeParse({ ...valid, first_name: "  " }))).toBe("First name is required");
    expect(firstMessage(registerInput.safeParse({ ...valid, first_name: undefined }))).toBe("First name is required");
    expect(firstMessage(registerInput.safeParse({ ...valid, last_name: "" }))).toBe("Last name is required");
    for (const email of ["", "ayesha", "ayesha@example", "a b@example.pk", "@example.pk"]) {
      expect(firstMessage(registerInput.safeParse({ ...valid, email })), email).toBe(
        "Please enter a valid email address",
      );
    }
  });

  it("refuses absurdly long passwords before any hashing", () => {
    expect(registerInput.safeParse({ ...valid, password: `Aa1${"x".repeat(200)}` }).success).toBe(false);
  });
});

describe("password rules", () => {
  it("needs 8 characters, an uppercase and a lowercase letter and a number", () => {
    expect(meetsPasswordRules("Abcdefg1")).toBe(true);
    expect(meetsPasswordRules("Abcdef1")).toBe(false);
  });
});

describe("loginInput", () => {
  it("lowercases the email but applies no password rules (old passwords still sign in)", () => {
    expect(loginInput.parse({ email: " X@Y.PK ", password: "x" })).toEqual({ email: "x@y.pk", password: "x" });
    expect(loginInput.safeParse({ email: "x@y.pk", password: "" }).success).toBe(false);
  });
});

describe("profileInput (spec §3 Profile update)", () => {
  it("requires first and last name", () => {
    expect(firstMessage(profileInput.safeParse({ last_name: "Khan" }))).toBe("First name is required");
    expect(firstMessage(profileInput.safeParse({ first_name: "A", last_name: " " }))).toBe("Last name is required");
  });

  it("treats empty username and phone as cleared and absent ones as unchanged", () => {
    expect(profileInput.parse({ first_name: "A", last_name: "B", username: " ", phone: "" })).toMatchObject({
      username: null,
      phone: null,
    });
    const absent = profileInput.parse({ first_name: "A", last_name: "B" });
    expect(absent.username).toBeUndefined();
    expect(absent.phone).toBeUndefined();
    expect(profileInput.parse({ first_name: "A", last_name: "B", username: null }).username).toBeNull();
  });

  it("checks username and phone shapes", () => {
    expect(
      profileInput.parse({ first_name: "A", last_name: "B", username: " ayesha_k ", phone: "+92 300 1234567" }),
    ).toMatchObject({ username: "ayesha_k", phone: "+92 300 1234567" });
    expect(profileInput.safeParse({ first_name: "A", last_name: "B", username: "a b" }).success).toBe(false);
    expect(profileInput.safeParse({ first_name: "A", last_name: "B", phone: "call me" }).success).toBe(false);
  });
});

describe("normalizeEmail", () => {
  it("trims and lowercases", () => {
    expect(normalizeEmail("  Ayesha@Example.PK ")).toBe("ayesha@example.pk");
  });
});
