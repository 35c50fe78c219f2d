// The console's message log with emails in a real browser (decision 0076): an order's email
// shows beside its WhatsApp message, the channel tabs filter them, an email opens in a sandboxed
// frame, staff resend it, the owner turns an order email off; and one order email rendered on its
// own at a phone's width, as a mail app would show it.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { placeApiOrder } from "../helpers/api-order";
import { expectVisibleToPerson, PHONE, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";

const WIDE = { width: 1280, height: 900 } as const;
// the order email as the console's frame holds it, for the last test
let emailHtml = "";
const OWNER: ConsoleMember = {
  email: "owner@emails.test",
  password: "Owner2026nowmail",
  firstName: "Amna",
  lastName: "Owner",
  role: "owner",
};
const MEMBER: ConsoleMember = {
  email: "packer@emails.test",
  password: "Fulfilment2026mail",
  firstName: "Bilal",
  lastName: "Packer",
  role: "fulfilment",
};

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, MEMBER, OWNER);
  // an account email: staff see that it went, never its link
  await db.execute(sql`
    insert into email_messages (kind, to_address, subject, text_body, html_body, status, attempts, last_error)
    values ('password_reset', 'sana@example.pk', 'Reset your password', 'Open https://x.test/reset/SECRET-LINK',
            '<a href="https://x.test/reset/SECRET-LINK">Reset</a>', 'logged', 1, 'not sent: no email server configured')`);
}

const suite = browserSuite("admin-email-messages", { prepare, env: { MESSAGE_WORKER_POLL_MS: "50" } });

describe.sequential("emails in the message log", { timeout: 120_000 }, () => {
  it("lists an order's email beside its WhatsApp message, filters by channel, opens and resends it (phone)", async () => {
    const order = await placeApiOrder(suite.url);
    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, MEMBER, { next: "/admin/messages" });
    await page.goto(`${suite.url}/admin/messages?channel=email`);
    const list = page.getByRole("list", { name: "Message list" });
    await expect
      .poll(async () => (await page.reload(), await list.textContent()) ?? "", { timeout: 10_000 })
      .toContain("not sent: no email server configured");
    const text = (await list.textContent()) ?? "";
    expect(text).toContain(`Order ${order.tracking_id} placed`);
    expect(text).not.toContain("no WhatsApp account configured");
    // the account email is listed, its link is not
    expect(text).toContain("Reset your password");
    expect(await page.content()).not.toContain("SECRET-LINK");
    await expectVisibleToPerson(page.getByRole("link", { name: "Email", exact: true }));
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/email-log-phone.png`, fullPage: true });

    await page.getByRole("link", { name: "WhatsApp", exact: true }).click();
    await expect.poll(async () => (await list.textContent()) ?? "").toContain("no WhatsApp account configured");
    expect((await list.textContent()) ?? "").not.toContain("no email server configured");
    await page.getByRole("link", { name: "All", exact: true }).first().click();
    await expect.poll(async () => (await list.textContent()) ?? "").toContain("no email server configured");
    expect((await list.textContent()) ?? "").toContain("no WhatsApp account configured");

    await page.goto(`${suite.url}/admin/messages?channel=email`);
    const item = list.getByRole("listitem").filter({ hasText: `Order ${order.tracking_id} placed` });
    await item.getByRole("link", { name: /View email #\d+/ }).click();
    const frame = page.frameLocator("iframe[title$='as the shopper sees it']");
    await expect
      .poll(async () => (await frame.locator("h1").textContent()) ?? "")
      .toContain("Thank you for your order");
    await expectVisibleToPerson(page.locator("iframe[title$='as the shopper sees it']"));
    emailHtml = (await page.locator("iframe[title$='as the shopper sees it']").getAttribute("srcdoc")) ?? "";
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/email-view-phone.png`, fullPage: true });

    await page.goto(`${suite.url}/admin/messages?channel=email`);
    const resend = item.getByRole("button", { name: /Send email #\d+ again/ });
    await expectVisibleToPerson(resend, { scroll: true });
    await resend.click();
    await expectVisibleToPerson(page.getByText(/will be sent again in a moment/));
    await expect
      .poll(async () => (await page.reload(), await list.textContent()) ?? "", { timeout: 10_000 })
      .toMatch(/resend of #\d+/);
    // an account email has no resend button
    const account = list.getByRole("listitem").filter({ hasText: "Reset your password" });
    expect(await account.getByRole("button").count()).toBe(0);
    // fulfilment does not see the switches
    expect(await page.getByRole("form", { name: "Message settings" }).count()).toBe(0);
  });

  it("the owner turns the order-placed email off, and the next order gets none (desktop)", async () => {
    const page = await suite.pages.open(WIDE);
    await signInToConsole(page, suite.url, OWNER, { next: "/admin/messages" });
    await page.goto(`${suite.url}/admin/messages?channel=email`);
    const form = page.getByRole("form", { name: "Message settings" });
    const placed = form.getByRole("checkbox", { name: "Order placed" });
    await expectVisibleToPerson(placed);
    expect(await placed.isChecked()).toBe(true);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/email-log-desktop.png`, fullPage: true });
    await placed.uncheck();
    await form.getByRole("button", { name: "Save" }).click();
    await expectVisibleToPerson(page.getByText("Message settings saved."));
    expect(await page.getByRole("checkbox", { name: "Order placed" }).isChecked()).toBe(false);
    const order = await placeApiOrder(suite.url);
    await page.goto(`${suite.url}/admin/messages`);
    // the WhatsApp question is there; no email for this order
    const list = page.getByRole("list", { name: "Message list" });
    await expectVisibleToPerson(list.getByRole("link", { name: `Order ${order.tracking_id}` }).first());
    expect((await list.textContent()) ?? "").not.toContain(`Order ${order.tracking_id} placed`);
    await page.getByRole("checkbox", { name: "Order placed" }).check();
    await page.getByRole("form", { name: "Message settings" }).getByRole("button", { name: "Save" }).click();
    await expectVisibleToPerson(page.getByText("Message settings saved."));
  });

  it("an order email reads well at a phone's width (390 px), on its own as a mail app shows it", async () => {
    expect(emailHtml).toContain("<!doctype html>");
    const page = await suite.pages.open(PHONE);
    await page.setContent(emailHtml);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectVisibleToPerson(page.getByRole("heading", { name: /Thank you for your order/ }));
    await expectVisibleToPerson(page.getByRole("link", { name: "Track your order" }), { scroll: true });
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/email-order-placed-390.png`, fullPage: true });
  });
});
