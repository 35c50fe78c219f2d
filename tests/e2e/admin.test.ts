// The staff console in a real browser (decisions 0053, 0054), at phone and desktop widths: sign-in and
// sign-out, each role's menu (seen by a person, on a phone inside the drawer) and a 403 page
// outside it with nothing of that page in it, two-step sign-in with a real RFC 6238 code computed
// here, setting two-step sign-in up from the QR page, adding a member with a sign-in link and
// deactivating them (their open session ends), the audit log's filter, and the sign-in form
// working before any script has run.
import type { Page } from "playwright-core";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import type { StaffRole } from "../../core/shared/permissions";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { arrivesAt, expectRefusedField } from "../helpers/console-e2e";

const PASSWORD = "Console2026pass";

// one secret per member with two-step on: a code is accepted once, so two tests never share one
const SECRETS = { phone: new Secret({ size: 20 }).base32, desktop: new Secret({ size: 20 }).base32 };
const totpNow = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

const member = (role: string, width: string) => `${role}.${width}@console.test`;
const WIDTHS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

async function prepare(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const rows: (typeof users.$inferInsert)[] = [];
  for (const [width] of WIDTHS) {
    for (const role of ["owner", "manager", "fulfilment", "catalogue"] as StaffRole[]) {
      rows.push({ email: member(role, width), firstName: "Test", lastName: role, role, passwordHash });
    }
    rows.push({
      email: member("twostep", width),
      firstName: "Two",
      lastName: "Step",
      role: "fulfilment",
      passwordHash,
      totpSecret: SECRETS[width],
      totpEnabledAt: new Date(),
    });
    rows.push({ email: member("setup", width), firstName: "Set", lastName: "Up", role: "catalogue", passwordHash });
  }
  rows.push({
    email: "shopper@console.test",
    firstName: "Sana",
    lastName: "Shopper",
    role: "customer",
    passwordHash,
  });
  await db.insert(users).values(rows);
}

const suite = browserSuite("admin", { prepare });

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto(`${suite.url}/admin`);
  await arrivesAt(page, "/admin/login");
  const form = page.getByRole("form", { name: "Staff sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** The console's menu as a person sees it: on a phone the drawer is opened first. */
async function menuLinks(page: Page, phone: boolean): Promise<string[]> {
  if (phone) {
    await expect(await page.getByRole("navigation", { name: "Console" }).isVisible()).toBe(false);
    const toggle = page.getByRole("banner").getByLabel("Menu", { exact: true });
    await expectVisibleToPerson(toggle);
    await toggle.click();
  }
  const nav = page.getByRole("navigation", { name: "Console" });
  const links = nav.getByRole("link");
  const names: string[] = [];
  for (let i = 0; i < (await links.count()); i += 1) {
    // the owner's menu is taller than a phone's drawer or a laptop's screen: a person scrolls to its foot
    await links.nth(i).scrollIntoViewIfNeeded();
    await expectVisibleToPerson(links.nth(i));
    names.push((await links.nth(i).textContent())!.trim());
  }
  if (phone) await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
  return names;
}

describe.sequential("staff console", { timeout: 90_000 }, () => {
  for (const [width, viewport] of WIDTHS) {
    const phone = width === "phone";

    it(`signs in, shows each role only its menu, answers 403 outside it, signs out (${width})`, async () => {
      const expected: Record<StaffRole, string[]> = {
        owner: [
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
        ],
        manager: [
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
          "Audit log",
        ],
        fulfilment: ["Home", "Orders", "Calls", "Parcels to follow up", "Messages", "Customers", "Block list"],
        catalogue: ["Home", "Products", "Stock", "Collections", "Reviews", "Content"],
      };
      for (const role of Object.keys(expected) as StaffRole[]) {
        const page = await suite.pages.open(viewport);
        await signIn(page, member(role, width));
        await arrivesAt(page, "/admin");
        await hydrated(page);
        await expectVisibleToPerson(page.getByRole("heading", { name: "Hello, Test" }));
        await expectVisibleToPerson(page.getByRole("button", { name: "Sign out" }));
        expect(await menuLinks(page, phone), role).toEqual(expected[role]);
        // the home's 30-day chart for the roles with orders, the stock running low for those with stock
        const chart = page.getByRole("img", { name: /orders in the last 30 days; the busiest day had/ });
        const lowStock = page.getByRole("heading", { name: "Running low" });
        if (role === "fulfilment") expect(await lowStock.count()).toBe(0);
        else await expectVisibleToPerson(lowStock, { scroll: true });
        if (role === "catalogue") expect(await chart.count()).toBe(0);
        else await expectVisibleToPerson(chart, { scroll: true });

        if (role !== "owner") {
          const answer = await page.goto(`${suite.url}/admin/staff`);
          expect(answer!.status()).toBe(403);
          await expectVisibleToPerson(page.getByRole("heading", { name: "No access" }));
          const html = await page.content();
          // nothing of the staff page: no member list, no owner's address
          expect(html).not.toContain(member("owner", width));
          expect(await page.getByRole("list", { name: "Staff members" }).count()).toBe(0);
          // the menu is still there to go on from
          expect(await menuLinks(page, phone)).toEqual(expected[role]);
        }

        await page.getByRole("button", { name: "Sign out" }).click();
        await arrivesAt(page, "/admin/login");
        await expectVisibleToPerson(page.getByText("You have signed out."));
        // the session is over: the console sends the visitor to sign in again
        await page.goto(`${suite.url}/admin/customers`);
        expect(new URL(page.url()).pathname).toBe("/admin/login");
        expect(new URL(page.url()).searchParams.get("next")).toBe("/admin/customers");
        await page.context().close();
      }
    });

    it(`asks for the authenticator code and takes a real one (${width})`, async () => {
      const page = await suite.pages.open(viewport);
      await signIn(page, member("twostep", width));
      await arrivesAt(page, "/admin/login/code");
      // half signed in opens nothing: the console sends the member back to the code
      await page.goto(`${suite.url}/admin/customers`);
      expect(new URL(page.url()).pathname).toBe("/admin/login/code");
      const form = page.getByRole("form", { name: "Two-step code" });
      await form.getByLabel("Code").fill("000000");
      await form.getByRole("button", { name: "Continue" }).click();
      await expectVisibleToPerson(page.getByRole("alert"));
      expect(await page.getByRole("alert").textContent()).toContain("That code is not right");
      await form.getByLabel("Code").fill(totpNow(SECRETS[width]));
      await form.getByRole("button", { name: "Continue" }).click();
      // on to the page that was asked for
      await arrivesAt(page, "/admin/customers");
      await expectVisibleToPerson(page.getByRole("heading", { name: "Customers" }));
      expect(await menuLinks(page, phone)).toEqual([
        "Home",
        "Orders",
        "Calls",
        "Parcels to follow up",
        "Messages",
        "Customers",
        "Block list",
      ]);
    });

    it(`sets up two-step sign-in from the QR page and shows the recovery codes once (${width})`, async () => {
      const page = await suite.pages.open(viewport);
      await signIn(page, member("setup", width));
      await arrivesAt(page, "/admin");
      await page.goto(`${suite.url}/admin/account`);
      await hydrated(page);
      await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
      const qr = page.getByRole("img", { name: "QR code for your authenticator app" });
      await expectVisibleToPerson(qr, { scroll: true });
      // shown in groups of four, to be read and typed
      const shown = (await page.getByTestId("totp-secret").textContent())!.trim();
      expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
      const secret = shown.replace(/ /g, "");
      const confirm = page.getByRole("form", { name: "Confirm two-step sign-in" });
      await confirm.getByLabel("Six-digit code").fill(totpNow(secret));
      await confirm.getByRole("button", { name: "Turn on" }).click();
      const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
      await expect.poll(() => codes.count()).toBe(10);
      await expectVisibleToPerson(codes.first(), { scroll: true });
      const recoveryCode = (await codes.first().textContent())!.trim();
      await expect
        .poll(async () => page.getByText("Recovery codes left:").textContent(), { timeout: 10_000 })
        .toContain("10");
      // shown once: a reload shows the count, not the codes
      await page.reload();
      expect(await page.getByRole("list", { name: "Recovery codes" }).count()).toBe(0);

      // the next sign-in asks for a code; a recovery code stands in for it, once
      await page.getByRole("button", { name: "Sign out" }).click();
      await arrivesAt(page, "/admin/login");
      for (const expected of ["/admin", "/admin/login/code"]) {
        if (expected === "/admin/login/code") {
          await page.getByRole("button", { name: "Sign out" }).click();
          await arrivesAt(page, "/admin/login");
        }
        await signIn(page, member("setup", width));
        await arrivesAt(page, "/admin/login/code");
        const form = page.getByRole("form", { name: "Two-step code" });
        await form.getByLabel("Code").fill(recoveryCode);
        await form.getByRole("button", { name: "Continue" }).click();
        if (expected === "/admin") {
          await arrivesAt(page, "/admin");
        } else {
          await expectVisibleToPerson(page.getByRole("alert"));
          expect(new URL(page.url()).pathname).toBe("/admin/login/code");
        }
      }
    });
  }

  for (const [width, viewport] of WIDTHS) {
    it(`refuses a new member's mobile number and first password under their fields, what was typed kept (${width})`, async () => {
      const owner = await suite.pages.open(viewport);
      await signIn(owner, member("owner", width));
      await arrivesAt(owner, "/admin");
      await owner.goto(`${suite.url}/admin/staff`);
      await hydrated(owner);
      const add = owner.getByRole("form", { name: "Add a staff member" });
      await add.getByLabel("First name").fill("Sana");
      await add.getByLabel("Last name").fill("Refused");
      await add.getByLabel("Email").fill(`sana.${width}@console.test`);
      const mobile = add.getByLabel(/^Their mobile number/);
      await mobile.fill("12345");
      await add.getByRole("button", { name: "Add to staff" }).click();
      await expectRefusedField(mobile, /WhatsApp can reach/);
      if (SCREENSHOT_DIR) await owner.screenshot({ path: `${SCREENSHOT_DIR}/staff-add-refused-${width}.png` });
      expect(await add.getByLabel("Email").inputValue()).toBe(`sana.${width}@console.test`);
      expect(await mobile.inputValue()).toBe("12345");

      // a first password too weak: refused under it, the mobile number no longer marked
      await mobile.fill("");
      await add.getByLabel("A first password that they must change").check();
      const password = add.getByLabel("First password (only with a first password)", { exact: true });
      await password.fill("password");
      await add.getByRole("button", { name: "Add to staff" }).click();
      await expectRefusedField(password, /at least 8 characters/);
      expect(await mobile.getAttribute("aria-invalid")).toBeNull();
      expect(await add.getByRole("alert").count()).toBe(0);

      // a member's new name of spaces only: refused under the field it is about, not in the row
      const rename = owner.getByRole("form", { name: `Name of ${member("owner", width)}` });
      const first = rename.getByLabel("First name");
      await first.fill("   ");
      await rename.getByRole("button", { name: "Rename" }).click();
      await expectRefusedField(first, /required/i);
      expect(await rename.getByLabel("Last name").getAttribute("aria-invalid")).toBeNull();
      if (SCREENSHOT_DIR) await owner.screenshot({ path: `${SCREENSHOT_DIR}/staff-rename-refused-${width}.png` });
    });
  }

  it("adds a member with a sign-in link, who sets a password; deactivating them ends their session (owner on a phone)", async () => {
    const owner = await suite.pages.open(PHONE);
    await signIn(owner, member("owner", "phone"));
    await arrivesAt(owner, "/admin");
    await owner.goto(`${suite.url}/admin/staff`);
    await hydrated(owner);
    const add = owner.getByRole("form", { name: "Add a staff member" });
    await add.getByLabel("First name").fill("Bilal");
    await add.getByLabel("Last name").fill("Packer");
    await add.getByLabel("Email").fill("bilal@console.test");
    await add.getByLabel(/^Fulfilment/).check();
    await add.getByRole("button", { name: "Add to staff" }).click();
    const linkField = owner.getByRole("textbox", { name: "Sign-in link for bilal@console.test" });
    await expectVisibleToPerson(linkField);
    const link = await linkField.inputValue();
    // the form is emptied for the next person
    expect(await add.getByLabel("Email").inputValue()).toBe("");
    expect(link).toMatch(/\/admin\/welcome\?token=[A-Za-z0-9_-]+$/);

    const bilal = await suite.pages.open(DESKTOP);
    await bilal.goto(`${suite.url}${new URL(link).pathname}${new URL(link).search}`);
    await expectVisibleToPerson(bilal.getByRole("heading", { name: "Welcome, Bilal" }));
    const choose = bilal.getByRole("form", { name: "Choose your password" });
    await choose.getByLabel("New password", { exact: true }).fill("Packing2026now");
    await choose.getByLabel("New password again", { exact: true }).fill("Packing2026now");
    await choose.getByRole("button", { name: "Save and sign in" }).click();
    await arrivesAt(bilal, "/admin");
    await expectVisibleToPerson(bilal.getByRole("heading", { name: "Hello, Bilal" }));
    // the link worked once
    const again = await suite.pages.open(DESKTOP);
    await again.goto(link);
    await expectVisibleToPerson(again.getByRole("heading", { name: "This link has expired" }));

    await owner.reload();
    await hydrated(owner);
    const row = owner.getByRole("listitem", { name: "Bilal Packer" });
    await row.getByRole("button", { name: "Deactivate" }).click();
    await expectVisibleToPerson(row.getByRole("status"));
    expect(await row.getByRole("status").textContent()).toContain("is deactivated");
    await bilal.goto(`${suite.url}/admin`);
    expect(new URL(bilal.url()).pathname).toBe("/admin/login");

    // the audit log shows who did what, filtered by person
    await owner.goto(`${suite.url}/admin/audit`);
    await hydrated(owner);
    const filter = owner.getByRole("form", { name: "Filter the audit log" });
    await filter.getByLabel("Person").selectOption({ label: `Test owner · ${member("owner", "phone")}` });
    await filter.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => new URL(owner.url()).searchParams.get("person")).not.toBeNull();
    const entries = owner.getByRole("list", { name: "Audit entries" }).locator(":scope > li");
    // the address changes before the filtered list is drawn: wait for the list itself
    await expect
      .poll(async () => (await entries.allTextContents()).every((t) => t.includes("Test owner")), { timeout: 10_000 })
      .toBe(true);
    const texts = await entries.allTextContents();
    expect(texts.some((t) => t.includes("Added a staff member") && t.includes("bilal@console.test"))).toBe(true);
    expect(texts.some((t) => t.includes("Changed a staff member") && t.includes("Active: yes → no"))).toBe(true);
    expect(texts.every((t) => t.includes("Test owner"))).toBe(true);
  });

  it("signs in and out before any script runs (phone, JavaScript off)", async () => {
    const page = await suite.pages.open(PHONE, false);
    await page.goto(`${suite.url}/admin/login`);
    await page.getByLabel("Email").fill(member("fulfilment", "phone"));
    await page.getByLabel("Password", { exact: true }).fill("wrong-Password1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expectVisibleToPerson(page.getByRole("alert"));
    await page.getByLabel("Email").fill(member("fulfilment", "phone"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await arrivesAt(page, "/admin");
    // the drawer is a <details>: it opens without script
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await expectVisibleToPerson(
      page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Customers" }),
    );
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Customers" }).click();
    await arrivesAt(page, "/admin/customers");
    await page.getByRole("button", { name: "Sign out" }).click();
    await arrivesAt(page, "/admin/login");
  });

  it("a shopper's account cannot sign in to the console", async () => {
    const page = await suite.pages.open(DESKTOP);
    await signIn(page, "shopper@console.test");
    await expectVisibleToPerson(page.getByRole("alert"));
    expect(await page.getByRole("alert").textContent()).toBe("This account cannot sign in to the back office.");
    expect(new URL(page.url()).pathname).toBe("/admin/login");
  });
});
