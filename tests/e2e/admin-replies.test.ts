// The console's replies page in a real browser (decision 0071): shoppers'
// WhatsApp messages arrive through the signed webhook (the fake Cloud API's events, over HTTP);
// the ones the store could not read wait under "Needs a person" with the sender and the order;
// Mark handled takes one off the list; a Confirm tap moved its order by itself.
import { describe, expect, it } from "vitest";
import { PHONE, expectVisibleToPerson, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";
import { otherMessage, placeOrderFrom, sendWebhook, textReply, webhookEvent } from "../helpers/fake-whatsapp-webhook";

const SECRET = "e2e-app-secret";
// the desktop width the screenshots are taken at
const DESKTOP = { width: 1280, height: 900 } as const;
const MEMBER: ConsoleMember = {
  email: "packer@replies.test",
  password: "Fulfilment2026replies",
  firstName: "Bilal",
  lastName: "Packer",
  role: "fulfilment",
};

const suite = browserSuite("admin-replies", {
  prepare: (db) => insertStaff(db, MEMBER),
  env: { WHATSAPP_APP_SECRET: SECRET },
});

describe.sequential("the replies page", { timeout: 120_000 }, () => {
  it("lists what needs a person, and Mark handled takes it off (phone and desktop)", async () => {
    const waiting = await placeOrderFrom(suite.url, "0301-5550201");
    const confirmed = await placeOrderFrom(suite.url, "0301-5550202");
    const events = [
      webhookEvent([textReply("923015550202", "Haan ji 👍")]),
      webhookEvent([textReply("923015550201", "Kab tak aayega? Size M chahiye tha")]),
      webhookEvent([otherMessage("923015550201", "audio", { id: "55", mime_type: "audio/ogg" })]),
    ];
    for (const event of events) expect((await sendWebhook(suite.url, SECRET, event)).status).toBe(200);

    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, MEMBER, { next: "/admin/messages" });
    await page.getByRole("link", { name: "Replies from shoppers" }).click();
    await expectVisibleToPerson(page.getByRole("heading", { name: "Replies" }));
    await expectVisibleToPerson(page.getByRole("link", { name: "Needs a person (2)" }));
    const list = page.getByRole("list", { name: "Reply list" });
    const text = (await list.textContent()) ?? "";
    expect(text).toContain("Kab tak aayega? Size M chahiye tha");
    expect(text).toContain("Voice message");
    expect(text).toContain(`Order ${waiting.tracking_id}`);
    expect(text).toContain("+923015550201");
    expect(text).not.toContain("Haan ji");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/replies-phone.png`, fullPage: true });

    const mark = list.getByRole("button", { name: /^Mark reply #\d+ handled$/ }).first();
    await expectVisibleToPerson(mark, { scroll: true });
    await mark.click();
    await expectVisibleToPerson(page.getByText(/Reply #\d+ marked handled\./));
    await expectVisibleToPerson(page.getByRole("link", { name: "Needs a person (1)" }), { scroll: true });

    const desktop = await suite.pages.open(DESKTOP);
    await signInToConsole(desktop, suite.url, MEMBER, { next: "/admin/messages/replies" });
    await desktop.getByRole("link", { name: "All", exact: true }).click();
    await expect.poll(() => desktop.url()).toContain("show=all");
    const all = desktop.getByRole("list", { name: "Reply list" });
    await expectVisibleToPerson(all);
    const allText = (await all.textContent()) ?? "";
    expect(allText).toContain("Haan ji");
    expect(allText).toContain("Confirmed the order");
    expect(allText).toContain(`Order ${confirmed.tracking_id}`);
    expect(allText).toContain("by Bilal Packer");
    expect(allText).toContain("Handled");
    if (SCREENSHOT_DIR) await desktop.screenshot({ path: `${SCREENSHOT_DIR}/replies-desktop.png`, fullPage: true });
  });
});
