// Settings → Couriers in a real browser (decision 0102): at phone width the owner opens it from
// the menu, adds a PostEx account against the local fake (a bad address refused under its field,
// the token never put back in the page), tests the connection and sees the token only as its last
// four characters; without JavaScript an account is added and made the default with plain form
// posts; a manager is refused the page. The store runs at LOG_LEVEL=trace, and no credential
// reaches its log.
import crypto from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { coveredOnPage } from "../helpers/covered";
import {
  DESKTOP,
  PHONE,
  expectVisibleToPerson,
  hasChromium,
  hydrated,
  launchBrowser,
  pageOpener,
  SCREENSHOT_DIR,
} from "../helpers/browser";
import {
  arrivesAt,
  type ConsoleMember,
  expectRefusedField,
  insertStaff,
  signInToConsole,
} from "../helpers/console-e2e";
import { startE2EStore, type E2EStore } from "../helpers/e2e-store";
import { startFakeCourier, type FakeCourier } from "../helpers/fake-couriers";
import { postgresUrl } from "../helpers/template";

const OWNER: ConsoleMember = {
  email: "owner@couriers.test",
  password: "Owner2026couriers",
  firstName: "Hina",
  lastName: "Owner",
  role: "owner",
};
const MANAGER: ConsoleMember = { ...OWNER, email: "manager@couriers.test", firstName: "Omar", role: "manager" };
const SECRETS_KEY = crypto.randomBytes(32).toString("hex");
const LEOPARDS = { api_key: "LCSKEY-77aa88bb99cc", api_password: "lcs-pass-4242-secret" };

let store: E2EStore;
let browser: Browser;
let postex: FakeCourier;
const pages = pageOpener(() => browser);

beforeAll(async () => {
  if (!hasChromium()) throw new Error("Chromium is missing: apt-get install -y chromium");
  const prepare = (db: Db) => insertStaff(db, OWNER, MANAGER);
  [store, browser, postex] = await Promise.all([
    // on PostgreSQL the store has a key only from SECRETS_KEY; with PGlite it makes its own in DATA_DIR
    startE2EStore("courier-settings", {
      prepare,
      env: { LOG_LEVEL: "trace", ...(postgresUrl() ? { SECRETS_KEY: SECRETS_KEY } : {}) },
    }),
    launchBrowser(),
    startFakeCourier("postex"),
  ]);
}, 180_000);
afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
  await store?.stop();
  await postex?.close();
});

const url = () => store.store.url;
const shot = async (page: Page, name: string, fullPage = false) => {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage });
};

describe.sequential("Settings → Couriers", { timeout: 180_000 }, () => {
  it("the owner adds a PostEx account on a phone, tests it, and sees the token only by its end", async () => {
    const token = postex.credentials.token!;
    const page = await pages.open(PHONE);
    await signInToConsole(page, url(), OWNER);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    await page
      .getByRole("navigation", { name: "Console" })
      .getByRole("link", { name: "Couriers", exact: true })
      .click();
    await arrivesAt(page, "/admin/settings/couriers");
    await hydrated(page);
    await expectVisibleToPerson(page.getByText("No courier account yet."));
    await shot(page, "couriers-empty-phone", true);

    await page.getByRole("link", { name: "Add PostEx" }).click();
    await arrivesAt(page, "/admin/settings/couriers/new");
    await hydrated(page);
    const form = page.getByRole("form", { name: "PostEx account" });
    await expectVisibleToPerson(form.getByLabel("Label"));
    expect(await coveredOnPage(page)).toEqual([]);
    await shot(page, "couriers-new-postex-phone", true);

    await form.getByLabel("Label").fill("PostEx Lahore");
    await form.getByLabel("API token").fill(token);
    const address = form.getByLabel("Base URL (optional)");
    await address.fill("javascript:alert(1)");
    const first = form.getByRole("group", { name: "Add a pickup address" });
    await first.getByLabel("Name").fill("Warehouse");
    await first.getByLabel("Phone").fill("0300-1234567");
    await first.getByLabel("Address").fill("Plot 7, Sundar Industrial Estate, Lahore");
    await form.getByRole("button", { name: "Add PostEx account" }).click();
    await expectRefusedField(address, /^Base URL must start with https:\/\//);
    await shot(page, "couriers-new-refused-phone");
    // what was typed is kept, except the token: a secret is never put back into the page
    expect(await form.getByLabel("Label").inputValue()).toBe("PostEx Lahore");
    expect(await form.getByLabel("API token").inputValue()).toBe("");
    await expectVisibleToPerson(form.getByText("Type it again."), { scroll: true });
    expect(await page.content()).not.toContain(token);

    await address.fill(postex.baseUrl);
    await form.getByLabel("API token").fill(token);
    await form.getByRole("button", { name: "Add PostEx account" }).click();
    await arrivesAt(page, /^\/admin\/settings\/couriers\/\d+$/);
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: "Saved. Test the connection" }));
    await hydrated(page);
    const test = page.getByRole("button", { name: "Test connection" });
    await test.scrollIntoViewIfNeeded();
    await test.click();
    await expectVisibleToPerson(page.getByRole("status").filter({ hasText: /^Connected to PostEx/ }));
    await shot(page, "couriers-tested-phone");
    const saved = page.getByRole("form", { name: "PostEx account" });
    expect(await saved.getByLabel("API token").inputValue()).toBe("");
    await expectVisibleToPerson(saved.getByText(`Saved: ••••${token.slice(-4)}. Leave empty to keep it.`), {
      scroll: true,
    });
    expect(await page.content()).not.toContain(token);

    await page.getByRole("link", { name: "← Couriers" }).click();
    await arrivesAt(page, "/admin/settings/couriers");
    const row = page
      .getByRole("list", { name: "Courier accounts" })
      .getByRole("listitem")
      .filter({ hasText: "PostEx Lahore" });
    await expectVisibleToPerson(row.getByText("Default", { exact: true }));
    expect(await row.textContent()).toContain(`••••${token.slice(-4)}`);
    expect(await coveredOnPage(page)).toEqual([]);
    await shot(page, "couriers-list-phone", true);
  });

  it("works without JavaScript: an account added and made the default with plain form posts", async () => {
    const page = await pages.open(PHONE, false);
    await signInToConsole(page, url(), OWNER, { next: "/admin/settings/couriers", hydrate: false });
    await page.getByRole("link", { name: "Add Leopards" }).click();
    const form = page.getByRole("form", { name: "Leopards account" });
    await form.getByLabel("Label").fill("Leopards Karachi");
    await form.getByLabel("API key").fill(LEOPARDS.api_key);
    await form.getByLabel("API password").fill(LEOPARDS.api_password);
    await form.getByLabel("Test (the courier's staging system)").check();
    await form.getByRole("button", { name: "Add Leopards account" }).click();
    await arrivesAt(page, /^\/admin\/settings\/couriers\/\d+$/);
    await page.getByRole("button", { name: "Make default" }).click();
    await expectVisibleToPerson(
      page.getByRole("status").filter({ hasText: "Leopards Karachi is the default courier" }),
      { scroll: true },
    );
    await page.goto(`${url()}/admin/settings/couriers`);
    const list = page.getByRole("list", { name: "Courier accounts" });
    const leopards = list.getByRole("listitem").filter({ hasText: "Leopards Karachi" });
    expect(await leopards.textContent()).toMatch(/Default.*Test mode/);
    expect(await list.getByRole("listitem").filter({ hasText: "PostEx Lahore" }).textContent()).not.toContain(
      "Default",
    );
    expect(await page.content()).not.toContain(LEOPARDS.api_password);
  });

  it("lays the list and the form out at desktop width", async () => {
    const page = await pages.open(DESKTOP);
    await signInToConsole(page, url(), OWNER, { next: "/admin/settings/couriers" });
    await expectVisibleToPerson(page.getByRole("list", { name: "Courier accounts" }));
    await shot(page, "couriers-list-desktop", true);
    await page.getByRole("list", { name: "Courier accounts" }).getByRole("link", { name: "PostEx Lahore" }).click();
    await arrivesAt(page, /^\/admin\/settings\/couriers\/\d+$/);
    // the account's own page has come, not the list it was opened from
    await expectVisibleToPerson(page.getByRole("heading", { level: 1, name: "PostEx Lahore" }));
    await expectVisibleToPerson(page.getByRole("button", { name: "Test connection" }));
    expect(await coveredOnPage(page)).toEqual([]);
    await shot(page, "couriers-edit-desktop", true);
  });

  it("is the owner's alone: a manager gets 403 and no menu entry", async () => {
    const page = await pages.open(PHONE);
    await signInToConsole(page, url(), MANAGER);
    const answer = await page.goto(`${url()}/admin/settings/couriers`);
    expect(answer!.status()).toBe(403);
    expect((await page.goto(`${url()}/admin/settings/couriers/new?courier=postex`))!.status()).toBe(403);
    await page.goto(`${url()}/admin`);
    await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Console" });
    await expectVisibleToPerson(menu.getByRole("link", { name: "Orders" }));
    expect(await menu.getByRole("link", { name: "Couriers", exact: true }).count()).toBe(0);
  });

  it("never wrote a credential to the store's log", () => {
    const log = store.store.output();
    // the log is at trace level and did record the requests
    expect(log).toContain("/admin/settings/couriers");
    for (const secret of [postex.credentials.token!, LEOPARDS.api_key, LEOPARDS.api_password, SECRETS_KEY]) {
      expect(log).not.toContain(secret);
    }
  });
});
