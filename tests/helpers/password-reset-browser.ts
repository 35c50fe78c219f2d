// The forgotten-password browser tests' store (decision 0077): a built store sending its emails
// through a local SMTP server and its WhatsApp codes to a local fake of the Cloud API, with an
// account whose reset link was sent over an hour ago planted before it starts; one Chromium; the
// inbox read as a shopper reads it; screenshots at both sizes; a guest order placed through the API.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import { hashToken, newSessionToken } from "../../core/shared/tokens";
import type { Db } from "../../db/client";
import { accountTokens, users } from "../../db/schema";
import { sql } from "drizzle-orm";
import { hasChromium, hydrated, launchBrowser, pageOpener, SCREENSHOT_DIR } from "./browser";
import { apiClient } from "./e2e-api";
import { moreThan, placeShopOrder, shopProducts } from "./e2e-order";
import { startE2EStore, type E2EStore } from "./e2e-store";
import { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "./fake-smtp";
import { startFakeWhatsApp, type FakeWhatsApp } from "./fake-whatsapp";

// the sizes the screenshots are asked for
export const SHOT_PHONE = { width: 390, height: 844 };
export const SHOT_DESKTOP = { width: 1280, height: 900 };

export const PASSWORD = "Lawn2024suit";
export const NEW_PASSWORD = "Chiffon2025new";
// an account whose reset link was sent over an hour ago (planted before the store starts)
export const LATE = { email: "late.reset@example.pk", token: newSessionToken().token };

let running: E2EStore;
export let smtp: FakeSmtp;
export let whatsapp: FakeWhatsApp;
export let url: string;
let browser: Browser;
const pages = pageOpener(() => browser);
export const open = pages.open;

export const apiCall = apiClient(() => url);

/** The newest message to this address whose subject matches, once the store's worker has sent it. */
export async function mailTo(address: string, subject: RegExp, after = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = smtp.received.filter((m) => m.to.includes(address) && subject.test(m.subject)).at(after - 1);
        return smtp.received.filter((m) => m.to.includes(address) && subject.test(m.subject)).length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(Math.max(1, after));
  return found!;
}

/** The path of the link in a message (the store's PUBLIC_URL host aside), to open on the test's store. */
export function linkPath(mail: ReceivedMail, route: "reset-password" | "verify-email"): string {
  const match = new RegExp(`https?://[^\\s"<>]+(/${route}/[A-Za-z0-9_-]{43})`).exec(mail.text);
  if (!match) throw new Error(`no ${route} link in: ${mail.text}`);
  return match[1]!;
}

export async function shoot(page: Page, name: string) {
  if (SCREENSHOT_DIR) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/** The page at both screenshot sizes, in fresh contexts (GET only: nothing is spent). */
export async function shootBoth(path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const [size, viewport] of [
    ["phone", SHOT_PHONE],
    ["desktop", SHOT_DESKTOP],
  ] as const) {
    const page = await open(viewport);
    await page.goto(`${url}${path}`);
    await hydrated(page);
    await ready(page);
    await shoot(page, `${name}-${size}`);
    await page.context().close();
  }
}

export async function guestOrder(address: string): Promise<string> {
  const product = (await shopProducts(url)).find((p) => p.variant_combinations.some(moreThan(2)))!;
  const hina = { first_name: "Hina", last_name: "Baig", email: address, phone: "0300-7654321" };
  const order = await placeShopOrder(
    url,
    {
      ...hina,
      shipping_address: "House 9, Street 3, DHA Phase 5, Karachi, 75500, Pakistan",
      city: "Karachi",
      postal_code: "75500",
    },
    { product, combo: product.variant_combinations.find(moreThan(2))! },
  );
  return order.tracking_id;
}

/** Starts the fakes, the store and the browser before the file's tests, and closes them after. */
export function startPasswordResetStore(): void {
  beforeAll(async () => {
    if (!hasChromium()) throw new Error("Chromium is missing: apt-get install -y chromium");
    [smtp, whatsapp] = await Promise.all([startFakeSmtp(), startFakeWhatsApp()]);
    const passwordHash = await hashPassword(PASSWORD);
    const prepare = async (db: Db) => {
      const [late] = await db
        .insert(users)
        .values({ email: LATE.email, firstName: "Sadia", lastName: "Late", passwordHash })
        .returning({ id: users.id });
      await db.insert(accountTokens).values({
        userId: late!.id,
        purpose: "password_reset",
        tokenHash: hashToken(LATE.token),
        email: LATE.email,
        createdAt: sql`now() - interval '61 minutes'`,
        expiresAt: sql`now() - interval '1 minute'`,
      });
    };
    [running, browser] = await Promise.all([
      startE2EStore("password-reset", {
        prepare,
        env: {
          SMTP_URL: smtp.url,
          MESSAGE_WORKER_POLL_MS: "100",
          // WhatsApp set up (a local fake of the Cloud API): the forgot page offers the code
          WHATSAPP_ACCESS_TOKEN: "test-token",
          WHATSAPP_PHONE_NUMBER_ID: "1234567890",
          WHATSAPP_API_URL: whatsapp.url,
        },
      }),
      launchBrowser(),
    ]);
    url = running.store.url;
  });

  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await running?.stop();
    await smtp?.close();
    await whatsapp?.close();
  });
}
