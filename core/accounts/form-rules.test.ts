// The browser forms' plain checks and the API's zod schemas must accept and refuse the same
// input, with the same first message.
import { describe, expect, it } from "vitest";
import { checkLogin, checkProfile, checkRegister } from "./form-rules";
import { loginInput, profileInput, registerInput } from "./rules";

const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? {} : { [String(result.error!.issues[0]!.path[0])]: result.error!.issues[0]!.message };
const firstError = (errors: Record<string, string | undefined>) => {
  const [entry] = Object.entries(errors);
  return entry ? { [entry[0]]: entry[1] } : {};
};

const register = { first_name: "Ayesha", last_name: "Khan", email: "ayesha@example.pk", password: "Lawn2024suit" };

describe("form rules agree with the API schemas", () => {
  it.each([
    register,
    { ...register, first_name: "  " },
    { ...register, last_name: "" },
    { ...register, first_name: "x".repeat(101) },
    { ...register, email: "" },
    { ...register, email: "ayesha@example" },
    { ...register, email: " Ayesha@Example.PK " },
    { ...register, email: `${"a".repeat(250)}@x.pk` },
    { ...register, password: "" },
    { ...register, password: "lawn2024suit" },
    { ...register, password: "LAWN2024SUIT" },
    { ...register, password: "LawnSuitNoDigit" },
    { ...register, password: "Aa1" },
    { ...register, password: `Aa1${"x".repeat(200)}` },
  ])("register %j", (input) => {
    expect(firstError(checkRegister(input))).toEqual(firstIssue(registerInput.safeParse(input)));
  });

  it.each([
    { email: "x@y.pk", password: "x" },
    { email: "", password: "x" },
    { email: "x@y.pk", password: "" },
    { email: "  ", password: "secret" },
    { email: "x".repeat(300), password: "secret" },
  ])("login %j", (input) => {
    expect(firstError(checkLogin(input))).toEqual(firstIssue(loginInput.safeParse(input)));
  });

  it.each([
    { first_name: "Ayesha", last_name: "Khan", username: "", phone: "" },
    { first_name: "Ayesha", last_name: "Khan", username: "ayesha_k", phone: "0300 1234567" },
    { first_name: "Ayesha", last_name: "Khan", username: "a", phone: "" },
    { first_name: "Ayesha", last_name: "Khan", username: "bad name!", phone: "" },
    { first_name: "Ayesha", last_name: "Khan", username: "", phone: "12" },
    { first_name: "Ayesha", last_name: "Khan", username: "", phone: "+92 300 1234567" },
    { first_name: " ", last_name: "Khan", username: "", phone: "" },
  ])("profile %j", (input) => {
    expect(firstError(checkProfile(input))).toEqual(firstIssue(profileInput.safeParse(input)));
  });
});
