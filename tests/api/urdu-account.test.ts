// The shopper's account pages in Urdu (decision 0110): sign-in, registration and the forgotten
// password page under /ur are right to left in Urdu with their own canonical address; core's
// answers to these forms (spec §8) all have their Urdu words, and a form posted to an Urdu page
// answers in Urdu; a sign-in begun on an Urdu page ends on the Urdu account page, and the address
// it goes to afterwards never leaves the shop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../../app/i18n/ur";
import { messagesOf } from "../../app/i18n/messages";
import { translatorIn } from "../../app/i18n/t";
import { afterSignIn, loginHref } from "../../app/lib/session";
import * as formRules from "../../core/accounts/form-rules";
import * as passwordReset from "../../core/accounts/password-reset";
import * as emailVerification from "../../core/accounts/email-verification";
import * as signInLink from "../../core/accounts/sign-in-link";
import { RESET_CODE_MESSAGE } from "../../core/accounts/rules";
import { EMAIL_TAKEN, USERNAME_TAKEN, WRONG_CREDENTIALS } from "../../core/accounts/users";
import { SESSION_INVALID, SIGN_IN_REQUIRED } from "../../server/plugins/auth";
import { PASSWORD, freshIp, registerShopper } from "../helpers/accounts";
import { createPageApp, hasPageBuild, type PageApp } from "../helpers/page-app";
import { shopperMessage } from "../../app/lib/shopper-messages";

const SHOP = "https://shop.example.pk";
const ur = translatorIn("ur");
const LATIN_WORD = /[A-Za-z]{2,}/;

let t: PageApp;
beforeAll(async () => {
  if (!hasPageBuild()) throw new Error("run npm run build first");
  t = await createPageApp({ env: { PUBLIC_URL: SHOP } });
});
afterAll(async () => {
  await t?.close();
});

async function page(url: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url, remoteAddress: freshIp() });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

/** A plain form post to a page, as a browser without JavaScript sends it. */
function postForm(url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: "POST",
    url,
    headers: {
      host: "localhost:3000",
      origin: "http://localhost:3000",
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: freshIp(),
  });
}

/** The page without its scripts: the page data keeps core's English answer, translated where shown. */
const shown = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
/** React writes text with & < > " escaped. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// every refusal core sends the account forms (spec §8), as core names them
const CORE_MESSAGES = [
  formRules.PASSWORD_RULE_MESSAGE,
  formRules.PASSWORD_TOO_LONG,
  formRules.EMAIL_MESSAGE,
  formRules.USERNAME_MESSAGE,
  formRules.PHONE_MESSAGE,
  ...["First name", "Last name", "Email", "Password"].map(formRules.requiredMessage),
  ...["First name", "Last name"].map((label) => formRules.tooLongMessage(label, formRules.NAME_MAX)),
  "Password is too long",
  "Please sign in again.",
  "Email cannot be changed.",
  "This link is not valid.",
  RESET_CODE_MESSAGE,
  WRONG_CREDENTIALS,
  EMAIL_TAKEN,
  USERNAME_TAKEN,
  SIGN_IN_REQUIRED,
  SESSION_INVALID,
  passwordReset.RESET_SENT_EMAIL,
  passwordReset.RESET_SENT_WHATSAPP,
  passwordReset.RESET_DONE,
  passwordReset.RESET_LINK_USED,
  passwordReset.RESET_LINK_EXPIRED,
  passwordReset.RESET_LINK_UNKNOWN,
  passwordReset.RESET_CODE_WRONG,
  emailVerification.VERIFY_SENT,
  emailVerification.ALREADY_VERIFIED,
  emailVerification.VERIFY_DONE,
  emailVerification.VERIFY_LINK_USED,
  emailVerification.VERIFY_LINK_EXPIRED,
  emailVerification.VERIFY_LINK_UNKNOWN,
  emailVerification.VERIFY_EMAIL_CHANGED,
  signInLink.SIGN_IN_LINK_SENT,
  signInLink.SIGN_IN_LINK_USED,
  signInLink.SIGN_IN_LINK_EXPIRED,
  signInLink.SIGN_IN_LINK_UNKNOWN,
  ...formRules.PASSWORD_RULES.map((rule) => rule.label),
];

describe("the account pages under /ur", () => {
  it.each([
    ["/ur/login", ["Sign In", "Welcome back. Sign in to see your orders, profile and wishlist.", "Forgot password?"]],
    ["/ur/register", ["Create Account", "First name", "Confirm password", "At least 8 characters"]],
    [
      "/ur/forgot-password",
      ["Forgot Password", "Enter the email of your account and we will send you a link to choose a new password."],
    ],
  ])("%s is in Urdu, right to left, with its own canonical address", async (url, words) => {
    const html = await page(url);
    expect(html).toMatch(/<html lang="ur-PK" dir="rtl"/);
    for (const word of words) {
      expect(ur(word), word).not.toBe(word);
      expect(html, word).toContain(escaped(ur(word)));
      expect(html, word).not.toContain(`>${escaped(word)}<`);
    }
    expect(canonical(html)).toBe(`${SHOP}${url}`);
    // a page that is indexed names its English twin (the forgotten-password page is not indexed)
    if (url !== "/ur/forgot-password") expect(html).toContain(`hrefLang="en" href="${SHOP}${url.slice(3)}"`);
    // its links stay in Urdu, but for the language switch's to the English page
    const links = html.replace(/<a lang="en" hrefLang="en"[^>]*>/g, "");
    expect(links).not.toMatch(/href="\/(login|register|forgot-password|terms|privacy)"/);
  });

  it("keeps the English pages in English at their own address", async () => {
    const html = await page("/login");
    expect(html).toMatch(/<html lang="en-PK" dir="ltr"/);
    expect(html).toContain("Welcome back. Sign in to see your orders, profile and wishlist.");
    expect(canonical(html)).toBe(`${SHOP}/login`);
    // written in pieces as it always was
    expect(await page("/register")).toContain("By creating an account you agree to our<!-- --> <a");
  });
});

describe("core's answers to the account forms", () => {
  it("all have Urdu words", () => {
    const catalogue = messagesOf("ur");
    const missing = CORE_MESSAGES.filter((message) => !(message in catalogue));
    expect(missing).toEqual([]);
  });

  it("that say how long to wait are put together in Urdu", () => {
    for (const message of [
      "Too many sign-in attempts. Please try again in 15 minutes, or ask for a sign-in link by email.",
      "Too many sign-up attempts. Please try again in 1 minute.",
      "Too many reset requests. Please try again in 60 minutes.",
      "Too many sign-in link requests. Please try again in 7 minutes.",
      "You have asked for several links already. Please try again in 30 minutes.",
      "Too many attempts. Please try again in 10 minutes.",
    ]) {
      const urdu = shopperMessage(ur, message);
      expect(urdu, message).not.toMatch(LATIN_WORD);
      expect(urdu, message).toMatch(/\d+/);
      expect(shopperMessage(translatorIn("en"), message)).toBe(message);
    }
  });

  it("to a registration with a short password, and a profile with a bad phone, read in Urdu", async () => {
    const register = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: { first_name: "Sana", last_name: "Malik", email: `sana.${process.pid}@example.pk`, password: "Ab1" },
      remoteAddress: freshIp(),
    });
    expect(register.statusCode).toBe(422);
    const { detail: passwordRefusal } = register.json() as { detail: string };
    expect(passwordRefusal).toBe(formRules.PASSWORD_RULE_MESSAGE);
    expect(shopperMessage(ur, passwordRefusal)).not.toMatch(LATIN_WORD);

    // registration has no phone (spec §2 Register): the phone is refused on the profile form
    const shopper = await registerShopper(t.app);
    const profile = await t.app.inject({
      method: "PUT",
      url: "/api/users/me",
      headers: shopper.auth,
      payload: { first_name: "Sana", last_name: "Malik", phone: "call me" },
      remoteAddress: freshIp(),
    });
    expect(profile.statusCode).toBe(422);
    const { detail: phoneRefusal } = profile.json() as { detail: string };
    expect(phoneRefusal).toBe(formRules.PHONE_MESSAGE);
    expect(shopperMessage(ur, phoneRefusal)).not.toMatch(LATIN_WORD);
  });

  it("to a form posted to an Urdu page come back in Urdu on that page", async () => {
    const forgot = await postForm("/ur/forgot-password", { email: "not an address" });
    expect(forgot.statusCode).toBe(422);
    expect(forgot.body).toMatch(/<html lang="ur-PK" dir="rtl"/);
    expect(forgot.body).toContain(ur(formRules.EMAIL_MESSAGE));
    expect(shown(forgot.body)).not.toContain(formRules.EMAIL_MESSAGE);

    // a short password on the WhatsApp code's page, and two that differ
    const short = await postForm("/ur/reset-password?email=a%40example.pk", {
      email: "a@example.pk",
      code: "123456",
      password: "Ab1",
      confirm_password: "Ab1",
    });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain(ur(formRules.PASSWORD_RULE_MESSAGE));
    expect(shown(short.body)).not.toContain(formRules.PASSWORD_RULE_MESSAGE);
    const differ = await postForm("/ur/reset-password?email=a%40example.pk", {
      email: "a@example.pk",
      code: "123456",
      password: PASSWORD,
      confirm_password: `${PASSWORD}x`,
    });
    expect(differ.body).toContain(ur("Passwords do not match."));

    const sent = await postForm("/ur/forgot-password", { email: "someone@example.pk" });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(ur(passwordReset.RESET_SENT_EMAIL));
  });
});

describe("a sign-in begun on an Urdu page", () => {
  it("signs in and goes to the Urdu account page, or the Urdu page it came from", async () => {
    const shopper = await registerShopper(t.app);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: shopper.email, password: PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(signIn.statusCode).toBe(200);
    expect(afterSignIn(null, "ur")).toBe("/ur/account");
    expect(afterSignIn("/ur/wishlist", "ur")).toBe("/ur/wishlist");
    // a page named in English is the same page in her language
    expect(afterSignIn("/cart?x=1", "ur")).toBe("/ur/cart?x=1");
    expect(afterSignIn(null, "en")).toBe("/account");
    const account = await page("/ur/account");
    expect(account).toMatch(/<html lang="ur-PK" dir="rtl"/);
    expect(account).toContain(ur("My Account"));
  });

  it("sends a signed-out visitor of the Urdu account page to the Urdu sign-in, and back", () => {
    expect(loginHref("/ur/account")).toBe("/ur/login?redirectTo=%2Fur%2Faccount");
    expect(loginHref("/account")).toBe("/login?redirectTo=%2Faccount");
  });

  it("never goes to another site, nor back to a sign-in form", () => {
    for (const locale of ["en", "ur"] as const) {
      for (const hostile of [
        "//evil.example",
        "/ur//evil.example",
        "/ur/ur//evil.example",
        "/ur/\\evil.example",
        "/ur/%2F%2Fevil.example",
        "/ur/./%2fevil.example",
        "/ur/.//evil.example",
        "https://evil.example/ur/account",
        "/ur/https://evil.example",
      ]) {
        const target = afterSignIn(hostile, locale);
        expect(target, `${locale} ${hostile}`).toMatch(/^\/(?![/\\])/);
        expect(new URL(target, SHOP).origin, `${locale} ${hostile}`).toBe(SHOP);
      }
      const home = locale === "ur" ? "/ur/account" : "/account";
      for (const form of ["/ur/login", "/ur/register?redirectTo=/ur/account", "/login", "/register"]) {
        expect(afterSignIn(form, locale), `${locale} ${form}`).toBe(home);
      }
    }
  });
});
