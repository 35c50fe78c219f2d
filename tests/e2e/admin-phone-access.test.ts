// Passing on access from a phone, and home sections that fill themselves (decision 0097), in a
// real browser at 390 px and at desktop width: the owner adds a member and copies the sign-in link
// ("Copied") or sends it on WhatsApp (wa.me with the number and the shop's words); a member sets up
// two-step with the tap-to-add otpauth:// link and the key in groups of four; a member who forgot
// the password gets a link through the store's SMTP server (a local fake) and ends signed in with
// the two-step code; three products of a hand-picked section are reordered with the buttons and
// saved once, and the home page shows the new order; a section of the newest shows a product
// published just now. Screenshots (SCREENSHOT_DIR) of each screen.
import { sql } from "drizzle-orm";
import { Secret } from "otpauth";
import type { Page } from "playwright-core";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { DESKTOP, PHONE, expectVisibleToPerson, hydrated, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import {
  arrivesAt,
  type ConsoleMember,
  expectRefusedField,
  insertStaff,
  signInToConsole,
} from "../helpers/console-e2e";
import { startFakeSmtp, type FakeSmtp } from "../helpers/fake-smtp";
import { totpNow } from "../helpers/staff";

const OWNER: ConsoleMember = {
  email: "owner@phone.test",
  password: "Owner2026phone",
  firstName: "Zara",
  lastName: "Owner",
  role: "owner",
};
const MANAGER: ConsoleMember = {
  email: "manager@phone.test",
  password: "Manager2026phone",
  firstName: "Hina",
  lastName: "Manager",
  role: "manager",
};
// sets up two-step in the test (a member of her own, so the others still sign in with a password)
const SETTING_UP: ConsoleMember = {
  email: "two.step@phone.test",
  password: "TwoStep2026phone",
  firstName: "Nida",
  lastName: "Setup",
  role: "manager",
};
// two-step already on, with a key the test knows: she forgets her password
const FORGETFUL: ConsoleMember = {
  email: "forgetful@phone.test",
  password: "Forgot2026phone",
  firstName: "Saima",
  lastName: "Packer",
  role: "fulfilment",
};
const FORGETFUL_SECRET = new Secret({ size: 20 }).base32;
const NEW_PASSWORD = "Remembered2026now";
const HIDDEN_PRODUCT = "Just Arrived Organza Kurta";

let smtp: FakeSmtp;
const env: Record<string, string> = { MESSAGE_WORKER_POLL_MS: "100" };
// before the suite's store starts: its SMTP_URL must be known then
beforeAll(async () => {
  smtp = await startFakeSmtp();
  env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp?.close();
});

async function prepare(db: Db) {
  await insertStaff(db, OWNER, MANAGER, SETTING_UP, FORGETFUL);
  await db.execute(
    sql`update users set totp_secret = ${FORGETFUL_SECRET}, totp_enabled_at = now() where email = ${FORGETFUL.email}`,
  );
  // a product kept hidden until the test publishes it, newer than every other
  await db.execute(
    sql`insert into products (name, price_paisa, min_price_paisa, max_price_paisa, stock, is_active, created_at)
        values (${HIDDEN_PRODUCT}, 349000, 349000, 349000, 7, false, now() + interval '1 day')`,
  );
}

const suite = browserSuite("admin-phone-access", { prepare, env });

async function signIn(size: { width: number; height: number }, member: ConsoleMember, next?: string): Promise<Page> {
  const page = await suite.pages.open(size);
  await signInToConsole(page, suite.url, member, next ? { next } : {});
  return page;
}

async function shoot(page: Page, name: string, fullPage = false) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
}

describe.sequential("access passed on from a phone", { timeout: 180_000 }, () => {
  it("adds a member with a sign-in link: Copy shows Copied, WhatsApp carries the shop's words (phone)", async () => {
    const page = await signIn(PHONE, OWNER, "/admin/staff");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.url });
    const form = page.getByRole("form", { name: "Add a staff member" });
    await form.getByLabel("First name").fill("Ayesha");
    await form.getByLabel("Last name").fill("Rider");
    await form.getByLabel("Email").fill("ayesha@phone.test");
    await form.getByLabel(/mobile number/).fill("0300 7654321");
    await form.getByRole("button", { name: "Add to staff" }).click();
    const link = page.getByRole("textbox", { name: "Sign-in link for ayesha@phone.test" });
    await expectVisibleToPerson(link, { scroll: true });
    const url = await link.inputValue();
    expect(url).toMatch(/\/admin\/welcome\?token=[A-Za-z0-9_-]{43}$/);

    const copy = page.getByRole("button", { name: "Copy the sign-in link" });
    await expectVisibleToPerson(copy, { scroll: true });
    // the Clipboard API writes only from the focused page
    await page.bringToFront();
    await copy.click();
    // the button is found again by its new name: a locator by the old one ("Copy …") would wait
    // for a button of that name, which comes back only once "Copied" has gone
    await expectVisibleToPerson(page.getByRole("button", { name: "Copied the sign-in link" }));
    // and a screen reader hears it: the status beside the button says so
    expect(await page.getByRole("status").filter({ hasText: "Copied the sign-in link." }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await shoot(page, "staff-link-copied-phone");

    const whatsapp = page.getByRole("link", { name: "Send on WhatsApp" });
    await expectVisibleToPerson(whatsapp, { scroll: true });
    const href = (await whatsapp.getAttribute("href"))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/923007654321\?text=/);
    const text = decodeURIComponent(href.split("?text=")[1]!);
    expect(text).toContain("Ayesha");
    expect(text).toContain("Zaiba");
    expect(text).toContain(url);
    expect(text).toMatch(/until .+\(Pakistan time\)/);
    await shoot(page, "staff-link-phone");

    // a mobile number WhatsApp cannot reach adds no one
    await form.getByLabel("First name").fill("Bad");
    await form.getByLabel("Last name").fill("Number");
    await form.getByLabel("Email").fill("bad.number@phone.test");
    const mobile = form.getByLabel(/mobile number/);
    await mobile.fill("12345");
    await form.getByRole("button", { name: "Add to staff" }).click();
    await expectRefusedField(mobile, /WhatsApp can reach/);
    expect(await page.getByRole("listitem", { name: "Bad Number" }).count()).toBe(0);
  });

  it("makes a new link on desktop: WhatsApp to a chat chosen there; without the Clipboard API the text is selected", async () => {
    const page = await suite.pages.open(DESKTOP);
    // a browser without the Clipboard API (an old phone browser, or a page not served over HTTPS)
    await page.addInitScript(() => Object.defineProperty(navigator, "clipboard", { value: undefined }));
    await signInToConsole(page, suite.url, OWNER, { next: "/admin/staff" });
    const row = page.getByRole("listitem", { name: "Ayesha Rider" });
    await row.getByRole("button", { name: "New sign-in link" }).click();
    const link = row.getByRole("textbox", { name: "Sign-in link for ayesha@phone.test" });
    await expectVisibleToPerson(link, { scroll: true });
    const href = (await row.getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href"))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    await row.getByRole("button", { name: "Copy the sign-in link" }).click();
    await expectVisibleToPerson(row.getByRole("status").filter({ hasText: "Selected" }));
    const selected = await link.evaluate((el: HTMLInputElement) =>
      el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0),
    );
    expect(selected).toBe(await link.inputValue());
    await shoot(page, "staff-link-desktop");
  });

  it("shows the link selectable without JavaScript, and no Copy that would do nothing (phone)", async () => {
    const page = await suite.pages.open(PHONE, false);
    await signInToConsole(page, suite.url, OWNER, { next: "/admin/staff", hydrate: false });
    const row = page.getByRole("listitem", { name: "Ayesha Rider" });
    await row.getByRole("button", { name: "New sign-in link" }).click();
    const link = page.getByRole("textbox", { name: "Sign-in link for ayesha@phone.test" });
    await expectVisibleToPerson(link, { scroll: true });
    expect(await link.inputValue()).toMatch(/\/admin\/welcome\?token=/);
    expect(await page.getByRole("button", { name: /^Copy/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\//,
    );
  });

  it("sets up two-step with a tap-to-add link and the key in groups of four (phone and desktop)", async () => {
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const page = await signIn(viewport, SETTING_UP, "/admin/account");
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.url });
      await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
      const add = page.getByRole("link", { name: "Add to authenticator app" });
      await expectVisibleToPerson(add, { scroll: true });
      const uri = (await add.getAttribute("href"))!;
      expect(uri).toMatch(/^otpauth:\/\/totp\/Zaiba:two\.step%40phone\.test\?/);
      const params = new URL(uri.replace("otpauth://", "https://")).searchParams;
      expect(params.get("issuer")).toBe("Zaiba");
      const key = page.getByTestId("totp-secret");
      const grouped = (await key.textContent())!.trim();
      expect(grouped).toMatch(/^(?:[A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      expect(grouped.replace(/ /g, "")).toBe(params.get("secret"));
      const copy = page.getByRole("button", { name: "Copy the key" });
      await expectVisibleToPerson(copy, { scroll: true });
      await page.bringToFront();
      await copy.click();
      await expectVisibleToPerson(page.getByRole("button", { name: "Copied the key" }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(grouped.replace(/ /g, ""));
      await shoot(page, `two-step-setup-${size}`, true);
      if (size === "phone") {
        await page.getByLabel("Six-digit code").fill(totpNow(grouped.replace(/ /g, "")));
        await page.getByRole("button", { name: "Turn on", exact: true }).click();
        await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Two-step sign-in is on." }));
      }
    }
  });

  it("gets a member back in by email after a forgotten password, still asking the two-step code (phone)", async () => {
    const page = await suite.pages.open(PHONE);
    await page.goto(`${suite.url}/admin/login`);
    await hydrated(page);
    const forgot = page.getByRole("link", { name: "Forgot your password?" });
    await expectVisibleToPerson(forgot, { scroll: true });
    await forgot.click();
    await arrivesAt(page, "/admin/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(FORGETFUL.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "If an account exists for that email" }));
    await shoot(page, "forgot-password-phone");

    let text = "";
    await expect
      .poll(
        () => {
          text = smtp.received.filter((m) => m.to.includes(FORGETFUL.email)).at(-1)?.text ?? "";
          return text;
        },
        { timeout: 20_000 },
      )
      .toMatch(/\/admin\/reset-password\?token=/);
    // the token in the query: the console's door spells console paths in lower case (decision 0085)
    const path = /(\/admin\/reset-password\?token=[A-Za-z0-9_-]{43})(?![\w-])/.exec(text)![1]!;
    await page.goto(`${suite.url}${path}`);
    await hydrated(page);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("New password again", { exact: true }).fill(NEW_PASSWORD);
    await shoot(page, "reset-password-phone");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await arrivesAt(page, "/admin/login/code");
    await page.getByLabel("Code", { exact: true }).fill(totpNow(FORGETFUL_SECRET));
    await page.getByRole("button", { name: "Continue" }).click();
    await arrivesAt(page, "/admin");
    await hydrated(page);
    await expectVisibleToPerson(page.getByRole("heading", { level: 1 }).first());

    // the link was used: opening it again says so
    const again = await suite.pages.open(DESKTOP);
    await again.goto(`${suite.url}${path}`);
    await expectVisibleToPerson(again.getByRole("heading", { name: "This link no longer works" }));
    await shoot(again, "reset-link-used-desktop");
    await again.goto(`${suite.url}/admin/forgot-password`);
    await shoot(again, "forgot-password-desktop");
  });
});

describe.sequential("home sections", { timeout: 180_000 }, () => {
  it("reorders three products with the buttons and one save; the home page shows the new order (phone)", async () => {
    const page = await signIn(PHONE, OWNER, "/admin/content/home");
    const list = page.getByRole("form", { name: "Products of Best Sellers" });
    const names = async () =>
      (
        await list
          .getByRole("listitem")
          .evaluateAll((rows) => rows.map((r) => r.querySelector("span.flex-1")?.textContent ?? ""))
      ).map((n) => n.replace(/\(hidden product\)/, "").trim());
    const before = await names();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = before as [string, string, string];
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    // a to third place (two taps), then c to the top: c, b, a
    const down = list.getByRole("button", { name: `Move ${a} down` });
    await expectVisibleToPerson(down, { scroll: true });
    await down.click();
    await expect
      .poll(() => list.getByRole("button", { name: `Move ${a} down` }).evaluate((el) => el === document.activeElement))
      .toBe(true);
    // the keyboard too: Alt+Down on the focused row
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(names).toEqual([b, c, a, ...before.slice(3)]);
    await list.getByRole("button", { name: `Move ${c} up` }).click();
    await expect.poll(names).toEqual([c, b, a, ...before.slice(3)]);
    await expectVisibleToPerson(list.getByText("Not saved yet").first(), { scroll: true });
    expect(posts).toHaveLength(0);
    await shoot(page, "home-reorder-phone");
    const save = list.getByRole("button", { name: "Save order" });
    await expectVisibleToPerson(save, { scroll: true });
    await save.click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Product order saved." }), { scroll: true });
    expect(posts.filter((u) => new URL(u).pathname.startsWith("/admin/content/home"))).toHaveLength(1);
    await expect.poll(names).toEqual([c, b, a, ...before.slice(3)]);

    const shopper = await suite.pages.open(PHONE);
    await shopper.goto(`${suite.url}/`);
    const section = shopper.getByRole("region", { name: "Best Sellers" });
    const shown = await section.getByRole("listitem").allTextContents();
    expect(shown[0]).toContain(c);
    expect(shown[1]).toContain(b);
    expect(shown[2]).toContain(a);
  });

  it("refuses an order made from a list someone else changed meanwhile (desktop)", async () => {
    const first = await signIn(DESKTOP, OWNER, "/admin/content/home");
    const second = await signIn(DESKTOP, MANAGER, "/admin/content/home");
    for (const page of [first, second]) {
      const list = page.getByRole("form", { name: "Products of Lingerie Edit" });
      const top = (await list.getByRole("listitem").first().locator("span.flex-1").textContent())!.trim();
      await list.getByRole("button", { name: `Move ${top} down` }).click();
      await list.getByRole("button", { name: "Save order" }).click();
    }
    await expectVisibleToPerson(first.getByRole("status").filter({ hasText: "Product order saved." }), {
      scroll: true,
    });
    await expectVisibleToPerson(second.getByRole("alert").filter({ hasText: "Someone else changed" }), {
      scroll: true,
    });
    await shoot(second, "home-reorder-conflict-desktop");
  });

  it("turns a section to the newest products, which shows a product published just now (desktop)", async () => {
    const page = await signIn(DESKTOP, OWNER, "/admin/content/home");
    const form = page.getByRole("form", { name: "Section New Arrivals" });
    await form.getByRole("radio", { name: "The newest" }).check();
    await form.getByLabel("How many of the newest").fill("4");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Section saved." }));
    await expectVisibleToPerson(page.getByRole("heading", { name: "Shows the newest 4 products by itself" }), {
      scroll: true,
    });
    await shoot(page, "home-newest-desktop");

    // published in the product editor: the product is the newest in the shop
    const shopper = await suite.pages.open(PHONE);
    await shopper.goto(`${suite.url}/`);
    expect(await shopper.getByRole("region", { name: "New Arrivals" }).textContent()).not.toContain(HIDDEN_PRODUCT);
    const editor = await signIn(DESKTOP, OWNER, "/admin/products");
    await editor.goto(`${suite.url}/admin/products?search=${encodeURIComponent("Just Arrived")}`);
    await editor.getByRole("link", { name: HIDDEN_PRODUCT }).first().click();
    await hydrated(editor);
    await editor.getByLabel("In the shop").selectOption("active");
    await editor.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleToPerson(editor.getByRole("status").filter({ hasText: "Saved. The shop shows it now." }));

    await shopper.goto(`${suite.url}/`);
    const section = shopper.getByRole("region", { name: "New Arrivals" });
    await expectVisibleToPerson(section.getByRole("listitem").first(), { scroll: true });
    expect(await section.getByRole("listitem").first().textContent()).toContain(HIDDEN_PRODUCT);
    expect(await section.getByRole("listitem").count()).toBe(4);
    await shoot(shopper, "home-newest-storefront-phone");
  });
});
