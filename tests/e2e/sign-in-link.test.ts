// The way back in after a lock-out, in a real browser at phone width (decision 0087): a shopper
// whose account met 100 wrong guesses this hour types the right password and is refused; the
// sign-in page says a link can be emailed, the shopper asks for it, opens it from the message the
// store sent through a local SMTP server, taps "Sign me in" and is in My Account. The link works
// once.
import type { Page } from "playwright-core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import { signInCounters } from "../../core/accounts/sign-in-limits";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { browserSuite } from "../helpers/browser-suite";
import { expectVisibleToPerson, hydrated, PHONE, SCREENSHOT_DIR } from "../helpers/browser";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../helpers/fake-smtp";

const PASSWORD = "Lawn2024suit";
const SHOPPER = { email: `sadia.${process.pid}@example.pk`, firstName: "Sadia", lastName: "Noor" };

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const suite = browserSuite("sign-in-link", {
  prepare: async (db: Db) => {
    await db.insert(users).values({ ...SHOPPER, passwordHash: await hashPassword(PASSWORD) });
    // someone has tried 100 wrong passwords on the account this hour, from many addresses: the
    // account's own counter is full until the hour is over (decision 0040)
    const { account } = signInCounters(SHOPPER.email, "any");
    await db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${account.key}, ${account.limit}, now() + interval '50 minutes')`,
    );
  },
  // read when the store starts, after the fake mail server above has
  get env() {
    return { SMTP_URL: smtp.url, MESSAGE_WORKER_POLL_MS: "100" };
  },
});

async function shoot(page: Page, name: string) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The newest message to this address whose subject matches, once the store's workers have sent it. */
async function mailTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  const find = () => smtp.received.filter((m) => m.to.includes(address) && subject.test(m.subject)).at(-1);
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find()!;
}

describe.sequential("a locked-out shopper signs in with a link by email (phone)", { timeout: 90_000 }, () => {
  let link = "";

  it("is told at sign-in that a link can be emailed, and asks for it", async () => {
    const page = await suite.pages.open(PHONE);
    await page.goto(`${suite.url}/login`);
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("Email", { exact: true }).fill(SHOPPER.email);
    await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    const refusal = main.getByRole("alert");
    await expect.poll(() => refusal.textContent()).toMatch(/^Too many sign-in attempts\./);
    expect(await refusal.textContent()).toContain("or ask for a sign-in link by email");
    await expectVisibleToPerson(refusal);
    await expectVisibleToPerson(main.getByText("We can email you a link that signs you in without your password."));
    const ask = page.getByRole("button", { name: "Email me a sign-in link" });
    await expectVisibleToPerson(ask);
    await shoot(page, "login-locked-phone");

    await ask.click();
    const sent = main.getByRole("status");
    await expect
      .poll(() => sent.textContent())
      .toContain("If an account exists for that email, we have sent a sign-in link to it. It works once, for one hour.");
    await expectVisibleToPerson(sent);
    await shoot(page, "login-link-sent-phone");

    const mail = await mailTo(SHOPPER.email, /sign-in link/i);
    expect(mail.text).toContain(`Hello ${SHOPPER.firstName}`);
    const match = /https?:\/\/[^\s"<>]+(\/sign-in-link\/[A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    link = match![1]!;
  });

  it("opens the link, taps Sign me in, and is in My Account", async () => {
    const page = await suite.pages.open(PHONE);
    const response = await page.goto(`${suite.url}${link}`);
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    expect(response!.headers()["referrer-policy"]).toBe("same-origin");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await hydrated(page);
    await page.getByRole("heading", { name: "Sign In With Your Link" }).waitFor();
    const button = page.getByRole("button", { name: "Sign me in" });
    await expectVisibleToPerson(button);
    await shoot(page, "sign-in-link-phone");

    await button.click();
    await page.waitForURL(/\/account$/);
    const hello = page.getByRole("heading", { name: `Hello, ${SHOPPER.firstName}` });
    await hello.waitFor();
    await expectVisibleToPerson(hello);
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await shoot(page, "sign-in-link-account-phone");
  });

  it("refuses the link a second time", async () => {
    const page = await suite.pages.open(PHONE);
    const response = await page.goto(`${suite.url}${link}`);
    expect(response!.status()).toBe(410);
    await page.getByRole("heading", { name: "Link Not Working" }).waitFor();
    const alert = page.getByRole("alert");
    expect(await alert.textContent()).toContain("already been used");
    await expectVisibleToPerson(alert);
    await expectVisibleToPerson(page.getByRole("link", { name: "Back to Sign In" }).first());
    await shoot(page, "sign-in-link-used-phone");
  });
});
