// Forgotten passwords and email confirmation in a real browser
// (decision 0077). The store sends its emails through a local SMTP server, and the test reads them
// there as a shopper reads their inbox: register (session A), confirm the email from the message
// and see a guest order appear in My Orders; then, on another device, "Forgot password?", read the
// message, follow the link, set a new password and sign in with it, while session A is ended; the
// link is refused a second time and after its hour; an unknown email gets the same answer.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated } from "../helpers/browser";
import {
  LATE,
  NEW_PASSWORD,
  PASSWORD,
  SHOT_DESKTOP,
  SHOT_PHONE,
  apiCall,
  guestOrder,
  linkPath,
  mailTo,
  open,
  shoot,
  shootBoth,
  smtp,
  startPasswordResetStore,
  url,
  whatsapp,
} from "../helpers/password-reset-browser";

startPasswordResetStore();

describe.sequential("password reset and email confirmation", { timeout: 90_000 }, () => {
  const address = `hina.${process.pid}@example.pk`;
  let guestTracking = "";
  // session A: the phone that registered, still signed in
  let phoneA: Page;

  it("confirms the email from the message, and then a guest order shows in My Orders (phone)", async () => {
    guestTracking = await guestOrder(address);
    const page = await open(PHONE);
    phoneA = page;
    await page.goto(`${url}/register`);
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("First name").fill("Hina");
    await main.getByLabel("Last name").fill("Baig");
    await main.getByLabel("Email", { exact: true }).fill(address);
    await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await main.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(/\/account$/);

    // the notice, and no guest order before the address is confirmed
    const notice = page.getByRole("region", { name: "Your email is not verified" });
    await expectVisibleToPerson(notice);
    expect(await notice.textContent()).toContain(address);
    const resend = notice.getByRole("button", { name: "Send the link again" });
    await expectVisibleToPerson(resend);
    await shoot(page, "account-unverified-phone");
    await resend.click();
    await expect.poll(() => notice.getByRole("status").textContent()).toContain("We have sent a new link");
    await page.getByRole("button", { name: "My Orders" }).click();
    await page.getByText("No orders yet").waitFor();

    // two messages: the one sent on registering and the one asked for again; either link works
    const mail = await mailTo(address, /^Confirm your email/, 2);
    expect(mail.text).toContain("Hello Hina");
    const link = linkPath(mail, "verify-email");
    await page.goto(`${url}${link}`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Confirm Your Email" }).waitFor();
    const confirmButton = page.getByRole("button", { name: "Confirm my email" });
    await expectVisibleToPerson(confirmButton);
    await confirmButton.click();
    await page.getByRole("heading", { name: "Email Confirmed" }).waitFor();
    await expectVisibleToPerson(page.getByRole("main").getByRole("status"));
    // the page refreshes this browser's stored account, so My Orders shows no stale notice
    const storedVerifiedAt = () =>
      page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem("user") ?? "{}") as { email_verified_at?: string | null }).email_verified_at,
      );
    await expect.poll(storedVerifiedAt).toMatch(/^\d{4}-/);
    await page.getByRole("link", { name: "Go to My Orders" }).click();
    const card = page.getByRole("article", { name: `Order ${guestTracking}` });
    await card.waitFor();
    await expectVisibleToPerson(card.getByText(guestTracking));
    expect(await page.getByRole("region", { name: "Your email is not verified" }).count()).toBe(0);

    // the link works once
    await page.goto(`${url}${link}`);
    await page.getByRole("heading", { name: "Link Not Working" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("already been used");
  });

  it("resets the password from the emailed link on another device, ending session A (desktop)", async () => {
    const tokenA = (await phoneA.evaluate(() => localStorage.getItem("userToken")))!;
    expect(tokenA).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await apiCall("/users/me", { token: tokenA })).status).toBe(200);

    const page = await open(DESKTOP);
    await page.goto(`${url}/login`);
    await hydrated(page);
    const forgot = page.getByRole("link", { name: "Forgot password?" });
    await expectVisibleToPerson(forgot);
    await forgot.click();
    await page.getByRole("heading", { name: "Forgot Password" }).waitFor();
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(address.toUpperCase());
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByRole("heading", { name: "Check Your Messages" }).waitFor();
    const answer = (await page.getByRole("main").getByRole("status").textContent())!;
    expect(answer).toBe(
      "If an account exists for that email, we have sent a link to reset your password. It works for one hour.",
    );

    const mail = await mailTo(address, /^Reset your/);
    expect(mail.text).toContain("one hour");
    const link = linkPath(mail, "reset-password");
    const response = await page.goto(`${url}${link}`);
    expect(response!.headers()["cache-control"]).toBe("private, no-store");
    // no Referer to any other site (the token is in the address)
    expect(response!.headers()["referrer-policy"]).toBe("same-origin");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await hydrated(page);
    await page.getByRole("heading", { name: "Choose a New Password" }).waitFor();
    const main = page.getByRole("main");
    await main.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
    const submit = page.getByRole("button", { name: "Set new password" });
    await expectVisibleToPerson(submit);
    await submit.click();
    await page.getByRole("heading", { name: "Password Changed" }).waitFor();
    await expectVisibleToPerson(page.getByRole("main").getByRole("status"));

    // session A is over; the old password no longer works, the new one does
    expect((await apiCall("/users/me", { token: tokenA })).status).toBe(401);
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL(/\/login$/);
    await hydrated(page);
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(address);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole("heading", { name: "Hello, Hina" }).waitFor();

    // the link a second time
    await page.goto(`${url}${link}`);
    await page.getByRole("heading", { name: "Link Not Working" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("already been used");
    await shootBoth(link, "reset-used", (p) => p.getByRole("heading", { name: "Link Not Working" }).waitFor());
  });

  it("session A's phone is sent to sign in again", async () => {
    await phoneA.goto(`${url}/account`);
    await phoneA.waitForURL(/\/login\?redirectTo=%2Faccount$/);
    expect(await phoneA.evaluate(() => localStorage.getItem("userToken"))).toBeNull();
    const old = await apiCall("/users/login", { method: "POST", body: { email: address, password: PASSWORD } });
    expect(old.status).toBe(401);
  });

  it("refuses a link after its hour", async () => {
    const page = await open(PHONE);
    const response = await page.goto(`${url}/reset-password/${LATE.token}`);
    expect(response!.status()).toBe(410);
    await page.getByRole("heading", { name: "Link Not Working" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toContain("expired");
    await expectVisibleToPerson(page.getByRole("link", { name: "Get a new link" }));
    await shootBoth(`/reset-password/${LATE.token}`, "reset-expired", (p) =>
      p.getByRole("heading", { name: "Link Not Working" }).waitFor(),
    );
  });

  it("answers an unknown email exactly as a known one, and sends nothing", async () => {
    const before = smtp.received.length;
    const page = await open(PHONE);
    await page.goto(`${url}/forgot-password`);
    await hydrated(page);
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(`nobody.${process.pid}@example.pk`);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByRole("heading", { name: "Check Your Messages" }).waitFor();
    expect(await page.getByRole("main").getByRole("status").textContent()).toBe(
      "If an account exists for that email, we have sent a link to reset your password. It works for one hour.",
    );
    await expectVisibleToPerson(page.getByRole("link", { name: "Back to Sign In" }));
    await shoot(page, "forgot-sent-phone");
    // give the worker time to send anything it had
    await apiCall("/users/password-reset", { method: "POST", body: { email: address } });
    await mailTo(address, /^Reset your/, 2);
    expect(smtp.received.length).toBe(before + 1);
  });

  it("works without JavaScript: forgot password and a new password from the link", async () => {
    const page = await open(PHONE, false);
    await page.goto(`${url}/forgot-password`);
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(address);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByRole("heading", { name: "Check Your Messages" }).waitFor();
    const mail = await mailTo(address, /^Reset your/, 3);
    await page.goto(`${url}${linkPath(mail, "reset-password")}`);
    await page.getByRole("main").getByLabel("New password", { exact: true }).fill("Khaddar2026warm");
    await page.getByRole("main").getByLabel("Confirm new password", { exact: true }).fill("Khaddar2026warm");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("heading", { name: "Password Changed" }).waitFor();
    expect(
      (await apiCall("/users/login", { method: "POST", body: { email: address, password: "Khaddar2026warm" } })).status,
    ).toBe(200);
  });

  it("resets with a 6-digit code on WhatsApp instead (phone)", async () => {
    const shopper = `zara.${process.pid}@example.pk`;
    const made = await apiCall<{ access_token: string }>("/users/register", {
      method: "POST",
      body: { first_name: "Zara", last_name: "Ali", email: shopper, password: PASSWORD },
    });
    expect(made.status).toBe(201);
    const profile = await apiCall("/users/me", {
      method: "PUT",
      token: made.body.access_token,
      body: { first_name: "Zara", last_name: "Ali", phone: "0333-5557788" },
    });
    expect(profile.status).toBe(200);

    const page = await open(PHONE);
    await page.goto(`${url}/forgot-password`);
    await hydrated(page);
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(shopper);
    const choice = page.getByRole("radio", { name: /Send a 6-digit code on WhatsApp/ });
    await expectVisibleToPerson(choice);
    await choice.check();
    await shoot(page, "forgot-whatsapp-phone");
    await page.getByRole("button", { name: "Send the code" }).click();
    await page.getByRole("heading", { name: "Check Your Messages" }).waitFor();
    expect(await page.getByRole("main").getByRole("status").textContent()).toContain("6-digit code");
    await page.getByRole("link", { name: "Enter the code" }).click();
    await page.getByLabel("Code from WhatsApp").waitFor();
    expect(await page.getByRole("main").getByLabel("Email", { exact: true }).inputValue()).toBe(shopper);

    // the code as the Cloud API received it, in the authentication template
    let code = "";
    await expect
      .poll(() => {
        const sent = whatsapp.requests.find((r) => r.body.to === "923335557788");
        const template = sent?.body.template as { components: { parameters: { text: string }[] }[] } | undefined;
        code = template?.components[0]?.parameters[0]?.text ?? "";
        return code;
      })
      .toMatch(/^\d{6}$/);
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("Code from WhatsApp").fill(code === "000000" ? "111111" : "000000");
    await main.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect.poll(() => main.getByRole("alert").first().textContent()).toContain("code is not right");
    await shoot(page, "reset-code-wrong-phone");
    await main.getByLabel("Code from WhatsApp").fill(code);
    await main.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await main.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("heading", { name: "Password Changed" }).waitFor();
    expect((await apiCall("/users/me", { token: made.body.access_token })).status).toBe(401);
    expect(
      (await apiCall("/users/login", { method: "POST", body: { email: shopper, password: NEW_PASSWORD } })).status,
    ).toBe(200);
  });

  it("screenshots of each new page at 390x844 and 1280x900", async () => {
    await shootBoth("/login", "login-forgot-link", (p) => p.getByRole("link", { name: "Forgot password?" }).waitFor());
    await shootBoth("/forgot-password", "forgot-password", (p) =>
      p.getByRole("heading", { name: "Forgot Password" }).waitFor(),
    );
    await shootBoth(`/reset-password?email=${encodeURIComponent(address)}`, "reset-with-code", (p) =>
      p.getByLabel("Code from WhatsApp").waitFor(),
    );
    // another account: this address has had its 3 reset messages of the hour
    const other = `sana.${process.pid}@example.pk`;
    const res = await apiCall("/users/register", {
      method: "POST",
      body: { first_name: "Sana", last_name: "Malik", email: other, password: PASSWORD },
    });
    expect(res.status).toBe(201);
    expect((await apiCall("/users/password-reset", { method: "POST", body: { email: other } })).status).toBe(202);
    const mail = await mailTo(other, /^Reset your/);
    await shootBoth(linkPath(mail, "reset-password"), "reset-password", (p) =>
      p.getByRole("heading", { name: "Choose a New Password" }).waitFor(),
    );
    const verify = linkPath(await mailTo(other, /^Confirm your email/), "verify-email");
    await shootBoth(verify, "verify-email", (p) => p.getByRole("button", { name: "Confirm my email" }).waitFor());
    for (const [size, viewport] of [
      ["phone", SHOT_PHONE],
      ["desktop", SHOT_DESKTOP],
    ] as const) {
      const page = await open(viewport);
      await page.goto(`${url}${verify}`);
      await hydrated(page);
      if (size === "phone") await page.getByRole("button", { name: "Confirm my email" }).click();
      else await page.reload();
      await page.getByRole("heading", { name: size === "phone" ? "Email Confirmed" : "Link Not Working" }).waitFor();
      await shoot(page, size === "phone" ? "verify-done-phone" : "verify-used-desktop");
    }
  });
});
