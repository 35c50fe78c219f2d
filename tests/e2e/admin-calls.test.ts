// The call list and the owner's confirmation figures in a real browser (decision
// 0072): at phone width a packer finds the oldest pending order first with a big tap-to-call link,
// its hold and signals, and presses "Confirmed on call"; an order someone else answered meanwhile
// is told kindly; "No answer" notes the call; the list works without JavaScript. The owner's home
// shows the figures per week and per city.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { PHONE, expectVisibleToPerson, SCREENSHOT_DIR } from "../helpers/browser";
import { browserSuite } from "../helpers/browser-suite";
import { type ConsoleMember, insertStaff, signInToConsole } from "../helpers/console-e2e";

// the size the screenshots are asked for
const DESKTOP = { width: 1280, height: 900 } as const;
const OWNER: ConsoleMember = {
  email: "owner@calls.test",
  password: "Owner2026nowcalls",
  firstName: "Amna",
  lastName: "Owner",
  role: "owner",
};
const PACKER: ConsoleMember = {
  email: "packer@calls.test",
  password: "Fulfilment2026calls",
  firstName: "Bilal",
  lastName: "Packer",
  role: "fulfilment",
};

interface Planted {
  tracking: string;
  name: string;
  city: string;
  status?: string;
  hoursAgo: number;
  held?: boolean;
  reminded?: boolean;
  reasons?: string[];
  outcome?: [string, string];
  refused?: boolean;
}

// the pending ones, oldest first, and settled ones for the figures
const PENDING: Planted[] = [
  {
    tracking: "CALLAAAAAA",
    name: "Sana Iqbal",
    city: "Lahore",
    hoursAgo: 30,
    held: true,
    reasons: ["This phone refused 2 parcels at the door", "Address too short to deliver to"],
  },
  { tracking: "CALLBBBBBB", name: "Hina Raza", city: "Karachi", hoursAgo: 14, reminded: true },
  { tracking: "CALLCCCCCC", name: "Zara Malik", city: "Multan", hoursAgo: 2 },
  { tracking: "CALLDDDDDD", name: "Nida Shah", city: "Lahore", hoursAgo: 1 },
];
const SETTLED: Planted[] = [
  {
    tracking: "FIGAAAAAAA",
    name: "A One",
    city: "Lahore",
    status: "delivered",
    hoursAgo: 200,
    outcome: ["confirmed", "whatsapp"],
  },
  {
    tracking: "FIGBBBBBBB",
    name: "B Two",
    city: "lahore",
    status: "cancelled",
    hoursAgo: 100,
    outcome: ["cancelled", "link"],
  },
  {
    tracking: "FIGCCCCCCC",
    name: "C Three",
    city: "Karachi",
    status: "cancelled",
    hoursAgo: 400,
    outcome: ["expired", "auto"],
  },
  {
    tracking: "FIGDDDDDDD",
    name: "D Four",
    city: "Karachi",
    status: "returned",
    hoursAgo: 600,
    outcome: ["confirmed", "call"],
    refused: true,
  },
];

async function plant(db: Db, o: Planted, n: number) {
  const [first, last] = o.name.split(" ");
  const phone = `0300${String(1234500 + n)}`;
  const risk = o.reasons
    ? JSON.stringify({
        history: { delivered: 0, refused: 2, cancelled: 0 },
        signals: o.reasons.map((reason) => ({ code: "refused_before", reason, holds: true })),
      })
    : null;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`
    insert into orders (tracking_id, status, first_name, last_name, email, phone, phone_normalized, shipping_address,
      city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, created_at, held_for_call,
      confirmation_reminded_at, risk_signals, confirmation_outcome, confirmation_channel)
    values (${o.tracking}, ${o.status ?? "pending confirmation"}, ${first}, ${last}, ${`c${n}@example.pk`}, ${phone},
      ${`92${phone.slice(1)}`}, 'House 12, Street 4, Gulberg III', ${o.city}, '54000', 'Pakistan', 249900, 0, 249900,
      now() - make_interval(hours => ${o.hoursAgo}), ${o.held ?? false},
      ${o.reminded ? sql`now() - interval '2 hours'` : null}, ${risk}::jsonb, ${o.outcome?.[0] ?? null},
      ${o.outcome?.[1] ?? null})
    returning id`,
  );
  const id = Number(row!.id);
  if (o.refused)
    await db.execute(sql`insert into order_events (order_id, kind, from_status, to_status, visible_to_shopper)
      values (${id}, 'status', 'shipped', 'returned', true)`);
}

async function prepare(db: Db): Promise<void> {
  await insertStaff(db, PACKER, OWNER);
  let n = 0;
  for (const o of [...PENDING, ...SETTLED]) await plant(db, o, n++);
}

const suite = browserSuite("admin-calls", { prepare, env: { CONFIRMATION_SCHEDULER: "off" } });

describe.sequential("the call list", { timeout: 120_000 }, () => {
  it("shows pending orders oldest first with a big tap-to-call link, and 'Confirmed on call' confirms (phone)", async () => {
    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, PACKER, { next: "/admin/calls" });
    await expectVisibleToPerson(page.getByRole("heading", { name: "Calls" }));
    const list = page.getByRole("list", { name: "Orders to call" });
    const cards = list.locator(":scope > li");
    expect(await cards.count()).toBe(4);
    const first = cards.first();
    expect(await first.textContent()).toContain("Order CALLAAAAAA");
    const call = first.getByRole("link", { name: "Call Sana Iqbal on 03001234500" });
    await expectVisibleToPerson(call);
    expect(await call.getAttribute("href")).toBe("tel:+923001234500");
    // a thumb's target: the full card's width and at least 44 px high
    const box = (await call.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(300);
    const text = (await first.textContent()) ?? "";
    expect(text).toContain("Lahore");
    expect(text).toContain("Rs. 2,499");
    expect(text).toContain("30 h");
    expect(text).toContain("Held for a call");
    expect(text).toContain("This phone refused 2 parcels at the door");
    expect(text).toContain("Reminder");
    expect(await cards.nth(1).textContent()).toMatch(/Sent \d/);
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/calls-phone.png`, fullPage: true });

    const confirm = first.getByRole("button", { name: "Confirmed on call: CALLAAAAAA" });
    await expectVisibleToPerson(confirm, { scroll: true });
    await confirm.click();
    await expectVisibleToPerson(page.getByText("Order CALLAAAAAA confirmed on the call."));
    await expect.poll(() => cards.count()).toBe(3);
    expect(await cards.first().textContent()).toContain("Order CALLBBBBBB");

    const desktop = await suite.pages.open(DESKTOP);
    await signInToConsole(desktop, suite.url, PACKER, { next: "/admin/calls" });
    if (SCREENSHOT_DIR) await desktop.screenshot({ path: `${SCREENSHOT_DIR}/calls-desktop.png`, fullPage: true });
  });

  it("tells kindly when someone else answered first, and notes 'No answer' (phone)", async () => {
    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, PACKER, { next: "/admin/calls" });
    const other = await suite.pages.open(PHONE);
    await signInToConsole(other, suite.url, OWNER, { next: "/admin/calls" });
    // the owner confirms Hina's order while the packer's page still shows it
    await other.getByRole("button", { name: "Confirmed on call: CALLBBBBBB" }).click();
    await expectVisibleToPerson(other.getByText("Order CALLBBBBBB confirmed on the call."));
    const cancel = page.getByRole("button", { name: "Cancelled on call: CALLBBBBBB" });
    await cancel.scrollIntoViewIfNeeded();
    await cancel.click();
    const alert = page.getByText(/Order CALLBBBBBB was answered by someone else in the meantime/);
    await expectVisibleToPerson(alert);
    expect(await alert.textContent()).toContain("It is confirmed now.");

    await page.getByRole("button", { name: "No answer: CALLCCCCCC" }).click();
    await expectVisibleToPerson(page.getByText("Order CALLCCCCCC noted: no answer."));
    // still on the list, to call again
    expect(await page.getByRole("list", { name: "Orders to call" }).textContent()).toContain("Order CALLCCCCCC");
  });

  it("works without JavaScript", async () => {
    const page = await suite.pages.open(PHONE, false);
    await signInToConsole(page, suite.url, PACKER, { next: "/admin/calls", hydrate: false });
    await page.getByRole("button", { name: "Confirmed on call: CALLDDDDDD" }).click();
    await expectVisibleToPerson(page.getByText("Order CALLDDDDDD confirmed on the call."));
  });
});

describe.sequential("the owner's figures", { timeout: 120_000 }, () => {
  it("shows per week and per city how orders ended, readable at phone width", async () => {
    for (const [viewport, name] of [
      [PHONE, "phone"],
      [DESKTOP, "desktop"],
    ] as const) {
      const page = await suite.pages.open(viewport);
      await signInToConsole(page, suite.url, OWNER);
      const section = page.getByRole("region", { name: "How orders ended" });
      await section.scrollIntoViewIfNeeded();
      const weeks = section.getByRole("table", { name: "Per week" });
      const cities = section.getByRole("table", { name: "Per city" });
      await expectVisibleToPerson(weeks.getByRole("columnheader", { name: "Refused" }), { scroll: true });
      // no sideways scrolling needed: the table fits the phone's width
      const box = (await weeks.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(viewport.width);
      const rows = cities.getByRole("row");
      expect(await rows.count()).toBeGreaterThanOrEqual(4);
      const lahore = cities.getByRole("row", { name: /^Lahore/ });
      // Lahore in any case: two pending, one delivered, one cancelled on the link
      expect(await lahore.getByRole("rowheader").textContent()).toContain("4 orders");
      expect(await lahore.getByRole("cell").nth(1).textContent()).toBe("25%1");
      if (SCREENSHOT_DIR) {
        // the tables as the owner sees them on the screen, then the whole page from its top
        await section.getByRole("heading", { name: "How orders ended" }).evaluate((h) => h.scrollIntoView());
        await page.screenshot({ path: `${SCREENSHOT_DIR}/figures-${name}.png` });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SCREENSHOT_DIR}/home-figures-${name}.png`, fullPage: true });
      }
    }
  });
});

describe.sequential("the owner's hours", { timeout: 120_000 }, () => {
  it("are set on the Messages page, and a cancel before the reminder is refused in words (phone)", async () => {
    const page = await suite.pages.open(PHONE);
    await signInToConsole(page, suite.url, OWNER, { next: "/admin/messages" });
    const form = page.getByRole("form", { name: "Message settings" });
    const reminder = form.getByLabel("Reminder after");
    const expiry = form.getByLabel("Cancel after");
    await expectVisibleToPerson(reminder, { scroll: true });
    expect(await reminder.inputValue()).toBe("12");
    expect(await expiry.inputValue()).toBe("48");
    await reminder.fill("48");
    await expiry.fill("24");
    await form.getByRole("button", { name: "Save" }).click();
    await expectVisibleToPerson(page.getByText("Cancel after must be more than Reminder after"), { scroll: true });
    await reminder.fill("6");
    await expiry.fill("24");
    await form.getByRole("button", { name: "Save" }).click();
    await expectVisibleToPerson(page.getByText("Message settings saved."), { scroll: true });
    await page.reload();
    expect(await form.getByLabel("Reminder after").inputValue()).toBe("6");
    expect(await form.getByLabel("Cancel after").inputValue()).toBe("24");
    if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/message-settings-phone.png`, fullPage: true });
  });
});
