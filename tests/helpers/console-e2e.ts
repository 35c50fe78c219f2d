// What the console's browser tests share: a staff member written into the test store before it
// starts, signing in on the console's own form as a person does, and waiting for a page to arrive
// (a sign-in hashes a password, so arrival gets time).
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { hashPassword } from "../../core/accounts/passwords";
import type { StaffRole } from "../../core/shared/permissions";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { expectVisibleToPerson, hydrated } from "./browser";

export interface ConsoleMember {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
}

/** Adds the members as active staff accounts (for startE2EStore's prepare step). */
export async function insertStaff(db: Db, ...members: ConsoleMember[]): Promise<void> {
  for (const m of members) {
    const passwordHash = await hashPassword(m.password);
    await db
      .insert(users)
      .values({ email: m.email, firstName: m.firstName, lastName: m.lastName, role: m.role, passwordHash });
  }
}

/** Waits until the page's path is pathname (or matches it). */
export async function arrivesAt(page: Page, pathname: string | RegExp): Promise<void> {
  const wanted =
    typeof pathname === "string" ? new RegExp(`^${pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : pathname;
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(wanted);
}

/**
 * Signs in on /admin/login and waits for the console page `next` (default the console's home),
 * and for its script to take over unless hydrate is false (a page opened without JavaScript).
 */
export async function signInToConsole(
  page: Page,
  url: string,
  member: Pick<ConsoleMember, "email" | "password">,
  options: { next?: string; hydrate?: boolean } = {},
): Promise<void> {
  const next = options.next ?? "/admin";
  await page.goto(next === "/admin" ? `${url}/admin/login` : `${url}/admin/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole("form", { name: "Staff sign in" });
  await form.getByLabel("Email").fill(member.email);
  await form.getByLabel("Password", { exact: true }).fill(member.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await arrivesAt(page, next);
  if (options.hydrate !== false) await hydrated(page);
}

/**
 * The field is refused as a person and a screen reader meet it: focused, in sight, marked
 * invalid, and described first by the message under it.
 */
export async function expectRefusedField(field: Locator, message: RegExp) {
  await expect.poll(() => field.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
  await expectVisibleToPerson(field);
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const messageId = describedBy.split(" ")[0]!;
  const shown = field.page().locator(`[id="${messageId}"]`);
  expect(await shown.textContent()).toMatch(message);
  await expectVisibleToPerson(shown);
  // under the field: the message starts below the field's bottom edge, and not far below
  const [fieldBox, messageBox] = [await field.boundingBox(), await shown.boundingBox()];
  expect(messageBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height - 1);
  expect(messageBox!.y - (fieldBox!.y + fieldBox!.height)).toBeLessThan(24);
}
