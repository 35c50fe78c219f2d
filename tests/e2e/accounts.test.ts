// The shopper's account pages in a real browser (decision 0025): registration, sign-in and sign-out,
// and a signed-out visitor sent to sign in, at phone and desktop widths, with the messages of spec
// §5 and §8. The signed-in account and the wishlist are in accounts-profile-and-wishlist.test.ts.
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, expectPhoneHeaderUsable, hydrated } from "../helpers/browser";
import {
  PASSWORD,
  email,
  apiCall,
  registerByApi,
  signIn,
  suite,
  open,
  startAccountPagesSuite,
} from "../helpers/account-pages";

startAccountPagesSuite("accounts");

describe.sequential("account pages", { timeout: 60_000 }, () => {
  it("registers, signs out, signs in, keeps a wishlist and signs out again (phone)", async () => {
    const page = await open(PHONE);
    const address = email("ayesha");
    await page.goto(`${suite.url}/register`);
    await hydrated(page);
    await expectPhoneHeaderUsable(page);
    const submit = page.getByRole("button", { name: "Create Account" });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole("main").getByRole("link", { name: "Terms & Conditions" }).getAttribute("href")).toBe(
      "/terms",
    );
    expect(await page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      "/privacy",
    );

    await page.getByRole("main").getByLabel("First name").fill("Ayesha");
    await page.getByRole("main").getByLabel("Last name").fill("Khan");
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(address);
    const rules = page.getByRole("list", { name: "Password requirements" }).getByRole("listitem");
    const met = async () =>
      Object.fromEntries(
        await rules.evaluateAll((items) =>
          items.map((li) => [
            li.textContent?.replace(/\((done|not yet)\)|✓/g, "").trim(),
            li.getAttribute("data-met") === "true",
          ]),
        ),
      );
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill("lawn");
    expect(await met()).toEqual({
      "At least 8 characters": false,
      "One uppercase letter": false,
      "One lowercase letter": true,
      "One number": false,
    });
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill(PASSWORD);
    expect(Object.values(await met())).toEqual([true, true, true, true]);
    await page.getByRole("main").getByLabel("Confirm password", { exact: true }).fill(`${PASSWORD}x`);
    await page.getByText("Passwords do not match", { exact: true }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole("main").getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await page.getByText("Passwords do not match", { exact: true }).waitFor({ state: "detached" });

    // show and hide
    const password = page.getByRole("main").getByLabel("Password", { exact: true });
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");

    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.waitForURL(`${suite.url}/account`);
    await page.getByRole("heading", { level: 1, name: "Hello, Ayesha" }).waitFor();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("userToken"),
      user: JSON.parse(localStorage.getItem("user") ?? "null"),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user.email).toBe(address);

    // sign out from the account menu
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${suite.url}/`);
    expect(await page.evaluate(() => [localStorage.getItem("userToken"), localStorage.getItem("user")])).toEqual([
      null,
      null,
    ]);
    // the token is revoked on the server too
    expect((await apiCall("/users/me", { token: stored.token! })).status).toBe(401);

    // the wishlist heart on a product card sends a signed-out visitor to sign in, and back
    await page.goto(`${suite.url}/collection/all?sort=name`);
    await hydrated(page);
    const firstCard = page.getByRole("list", { name: "Products" }).getByRole("article").first();
    const name = (await firstCard.getByRole("heading", { level: 3 }).textContent())!.trim();
    await firstCard.getByRole("button", { name: `Add to wishlist: ${name}` }).click();
    await page.waitForURL(`${suite.url}/login?redirectTo=${encodeURIComponent("/collection/all?sort=name")}`);
    await hydrated(page);
    await signIn(page, address);
    await page.waitForURL(`${suite.url}/collection/all?sort=name`);
    await hydrated(page);
    const heart = page
      .getByRole("list", { name: "Products" })
      .getByRole("button", { name: `Add to wishlist: ${name}` });
    await heart.click();
    await page.getByText("Added to wishlist").waitFor();
    await page.getByRole("button", { name: `Remove from wishlist: ${name}` }).waitFor();

    await page.goto(`${suite.url}/wishlist`);
    await page.getByRole("list", { name: "Saved products" }).getByRole("heading", { name }).waitFor();

    await page.goto(`${suite.url}/account`);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${suite.url}/`);
    await page.goto(`${suite.url}/wishlist`);
    await page.getByText("Your wishlist is empty").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).waitFor();
  });

  it("shows the sign-in messages and returns only to pages on this site (desktop)", async () => {
    const { email: address } = await registerByApi("Hina");
    const page = await open(DESKTOP);
    await page.goto(`${suite.url}/login?redirectTo=${encodeURIComponent("/wishlist")}`);
    await hydrated(page);
    expect(await page.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      `/register?redirectTo=${encodeURIComponent("/wishlist")}`,
    );
    await page.getByRole("link", { name: "Back to Home" }).waitFor();

    // spec §5: email and password are required
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password is required").waitFor();

    // the server's detail for a wrong password
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(address);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill("Wrong2024pass");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Incorrect email or password." }).waitFor();

    // no detail: the fallback; no answer at all: the network message
    await page.route("**/api/users/login", (route) => route.fulfill({ status: 500, body: "" }));
    await signIn(page, address);
    await page.getByRole("alert").filter({ hasText: "Login failed. Please try again." }).waitFor();
    await page.unroute("**/api/users/login");
    await page.route("**/api/users/login", (route) => route.abort("internetdisconnected"));
    await signIn(page, address);
    await page
      .getByRole("alert")
      .filter({ hasText: "Network error. Please check your connection and try again." })
      .waitFor();
    await page.unroute("**/api/users/login");

    await signIn(page, address);
    await page.waitForURL(`${suite.url}/wishlist`);
    await page.getByText("Your wishlist is empty").waitFor();
    await page.getByText("Tap the heart on any product to save it here for later.").waitFor();

    // another site in redirectTo is ignored: the account instead
    const other = await open(DESKTOP);
    await other.goto(`${suite.url}/login?redirectTo=${encodeURIComponent("//evil.example/steal")}`);
    await hydrated(other);
    await signIn(other, address);
    await other.waitForURL(`${suite.url}/account`);
  });

  it("shows the registration failures of spec §8 (desktop)", async () => {
    const { email: taken } = await registerByApi("Maryam");
    const page = await open(DESKTOP);
    await page.goto(`${suite.url}/register`);
    await hydrated(page);
    await page.getByRole("main").getByLabel("First name").fill("Maryam");
    await page.getByRole("main").getByLabel("Last name").fill("Ali");
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill(taken);
    await page.getByRole("main").getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("main").getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("alert").filter({ hasText: "An account with this email already exists." }).waitFor();

    await page.route("**/api/users/register", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("alert").filter({ hasText: "Registration failed. Please try again." }).waitFor();
    await page.unroute("**/api/users/register");
    await page.route("**/api/users/register", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Create Account" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Network error. Please check your connection and try again." })
      .waitFor();
    await page.unroute("**/api/users/register");

    await page.getByRole("main").getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
  });

  it("sends signed-out visitors from /account to sign in and clears a rejected session (phone)", async () => {
    const page = await open(PHONE);
    await page.goto(`${suite.url}/account`);
    await page.waitForURL(`${suite.url}/login?redirectTo=%2Faccount`);
    await page.getByRole("heading", { level: 1, name: "Sign In" }).waitFor();

    // a token the server no longer accepts: 401 on the profile call clears the stored session
    await page.evaluate(() => {
      localStorage.setItem("userToken", "revoked-token");
      localStorage.setItem(
        "user",
        JSON.stringify({
          first_name: "Old",
          last_name: "User",
          email: "old@example.pk",
          username: null,
          phone: null,
          created_at: "2026-01-01T00:00:00Z",
        }),
      );
    });
    await page.goto(`${suite.url}/account`);
    await page.waitForURL(`${suite.url}/login?redirectTo=%2Faccount`);
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem("userToken"), localStorage.getItem("user")]))
      .toEqual([null, null]);

    // and after signing in, back to the account
    const { email: address } = await registerByApi("Zara");
    await hydrated(page);
    await signIn(page, address);
    await page.waitForURL(`${suite.url}/account`);
    await page.getByRole("heading", { level: 1, name: "Hello, Zara" }).waitFor();
  });
});
