// The console's WhatsApp message log in a real browser (decisions 0069, 0070): a
// shopper's order makes a confirmation request that, without a WhatsApp account, is shown as not
// sent; a failed message is sent again with Resend, and the worker takes it at once.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { placeApiOrder } from "../helpers/api-order";
import { DESKTOP, PHONE, expectVisibleToPerson, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";

const OWNER: ConsoleMember = {
  email: "owner@messages.test",
  password: "Owner2026nowmsg",
  firstName: "Amna",
  lastName: "Owner",
  role: "owner",
};
const MEMBER: ConsoleMember = {
  email: "packer@messages.test",
  password: "Fulfilment2026now",
  firstName: "Bilal",
  lastName: "Packer",
  role: "fulfilment",
};

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, MEMBER, OWNER);
  // a message the Cloud API refused (as a shop with an account would see it)
  await db.execute(sql`
    insert into whatsapp_messages (kind, language, phone, parameters, buttons, body, status, attempts, last_error)
    values ('confirmation', 'en', '923001112223', '[]', '["confirm:AAAAA-AAAAA:1", "cancel:AAAAA-AAAAA:1"]',
            'Assalam-o-Alaikum Sana! Thank you for your order AAAAA-AAAAA.', 'failed', 6,
            'WhatsApp Cloud API answered 400: (#131026) Message undeliverable (code 131026)')`);
}

const suite = browserSuite("admin-messages", { prepare, env: { MESSAGE_WORKER_POLL_MS: "50" } });

describe.sequential("the message log", { timeout: 120_000 }, () => {
  it("shows an order's confirmation request as not sent, and sends a failed one again (phone and desktop)", async () => {
    const order = await placeApiOrder(suite.url);
    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, MEMBER, { next: "/admin/messages" });
    await expectVisibleToPerson(page.getByRole("heading", { name: "Messages" }));
    const list = page.getByRole("list", { name: "Message list" });
    await expect
      .poll(async () => (await page.reload(), await list.textContent()) ?? "", { timeout: 10_000 })
      .toContain("not sent: no WhatsApp account configured");
    const text = (await list.textContent()) ?? "";
    expect(text).toContain(`Order ${order.tracking_id}`);
    expect(text).toContain("Rs. ");
    expect(text).toContain("Last error: WhatsApp Cloud API answered 400");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/messages-phone.png`, fullPage: true });

    await page.getByRole("link", { name: /^Failed/ }).click();
    await expectVisibleToPerson(page.getByRole("button", { name: /Send message #\d+ again/ }));
    const desktop = await suite.pages.open(DESKTOP);
    await signInToConsole(desktop, suite.url, MEMBER, { next: "/admin/messages" });
    if (SCREENSHOT_DIR) await desktop.screenshot({ path: `${SCREENSHOT_DIR}/messages-desktop.png`, fullPage: true });

    await page.getByRole("button", { name: /Send message #\d+ again/ }).click();
    await expectVisibleToPerson(page.getByText(/will be sent again in a moment/));
    // the worker takes it at once; without an account it is logged, not sent
    await desktop.goto(`${suite.url}/admin/messages?status=failed`);
    await expectVisibleToPerson(desktop.getByText("No messages here."));
    // fulfilment does not see the shop's settings
    expect(await page.getByRole("form", { name: "Message settings" }).count()).toBe(0);
  });

  it("the owner turns on English and Urdu, and the next order's message has both (desktop)", async () => {
    const page = await suite.pages.open(DESKTOP);
    await signInToConsole(page, suite.url, OWNER, { next: "/admin/messages" });
    const form = page.getByRole("form", { name: "Message settings" });
    await form.getByLabel("Language").selectOption("en+ur");
    await form.getByRole("button", { name: "Save" }).click();
    await expectVisibleToPerson(page.getByText("Message settings saved."));
    const order = await placeApiOrder(suite.url);
    await page.goto(`${suite.url}/admin/messages`);
    const first = page.getByRole("list", { name: "Message list" }).getByRole("listitem").first();
    await expectVisibleToPerson(first.getByRole("link", { name: `Order ${order.tracking_id}` }));
    expect(await first.textContent()).toContain("کل رقم");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/messages-urdu-desktop.png`, fullPage: true });
  });
});
