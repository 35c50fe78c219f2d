// Floating things (the chat button, toasts, sticky bars) never cover what a person came to use
// (decision 0093). The page is walked as a person scrolls it: every control and every total is
// brought to the middle of the screen (where the page's end allows: at the end it stays lower),
// and then the page is scrolled to its end, where the lower half of the screen is as high as its
// content can go; at each stop, what the screen shows at the element's centre must be the
// element, and no fixed or sticky thing may lie over any part of it.
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** What a person taps or reads a sum from. */
const CONTROLS_AND_TOTALS = [
  "a[href]",
  "button",
  "input:not([type=hidden])",
  "select",
  "textarea",
  "summary",
  "[role=button]",
  "[role=tab]",
  "[tabindex]:not([tabindex='-1'])",
  "[data-testid=total]",
  "[data-testid=subtotal]",
  "[data-testid=shipping]",
  "[data-testid=discount]",
  "[data-testid=line-total]",
].join(", ");

/**
 * Every control and total the page shows that something covers, one line each (empty when none):
 * checked scrolled to the middle of the screen and scrolled to the page's end. The page is left
 * scrolled to its top.
 */
export function coveredOnPage(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const name = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      const label = el.getAttribute("name") ?? el.getAttribute("placeholder") ?? el.id;
      return `<${el.tagName.toLowerCase()}${label ? ` ${label}` : ""}> "${text}"`;
    };
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      // 1-pixel boxes are the screen-reader-only texts and inputs, never seen
      if (rect.width < 2 || rect.height < 2) return false;
      if (!el.checkVisibility({ visibilityProperty: true })) return false;
      const style = getComputedStyle(el);
      if (style.clipPath !== "none" || style.clip.startsWith("rect(0")) return false;
      return !el.closest("[aria-hidden=true], [inert]");
    };
    const floating = () =>
      [...document.body.querySelectorAll("*")].filter((el) => {
        const position = getComputedStyle(el).position;
        return (position === "fixed" || position === "sticky") && shown(el);
      });
    const problems = new Set<string>();
    const check = (el: Element, where: string, floats: Element[]) => {
      const rect = el.getBoundingClientRect();
      // a link that wraps onto two lines is seen at the middle of its first line: the middle of
      // its whole box can fall beside the text
      const line = el.getClientRects()[0] ?? rect;
      const x = line.left + line.width / 2;
      const y = line.top + line.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === el || el.contains(hit))) {
        const what = hit ? `<${hit.tagName.toLowerCase()} class="${hit.getAttribute("class") ?? ""}">` : "nothing";
        problems.add(`${name(el)} ${where}: the screen shows ${what} at its centre`);
        return true;
      }
      // a box taller than half the screen (a photo strip) always runs under a bar somewhere
      if (rect.height > window.innerHeight / 2) return true;
      for (const cover of floats) {
        if (cover === el || cover.contains(el) || el.contains(cover)) continue;
        const c = cover.getBoundingClientRect();
        const left = Math.max(rect.left, c.left);
        const right = Math.min(rect.right, c.right, window.innerWidth);
        const top = Math.max(rect.top, c.top);
        const bottom = Math.min(rect.bottom, c.bottom, window.innerHeight);
        if (right - left < 1 || bottom - top < 1) continue;
        // overlapping boxes cover only where the floating thing is painted on top
        const on = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (on && cover.contains(on)) {
          problems.add(`${name(el)} ${where}: ${name(cover)} (${getComputedStyle(cover).position}) lies over part of it`);
          return true;
        }
      }
      return true;
    };
    const root = document.scrollingElement ?? document.documentElement;
    const targets = [...document.querySelectorAll(selector)].filter(shown);
    const floats = floating();
    for (const el of targets) {
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      if (!check(el, "scrolled to the middle", floats)) {
        problems.add(`${name(el)} cannot be scrolled into the screen`);
      }
    }
    // at the end the page cannot move up any more: what lies in the lower half of the screen is
    // as high as it goes, and must be clear of what floats at the bottom (what is higher up, under
    // the sticky header, is seen by scrolling back)
    window.scrollTo({ top: root.scrollHeight, behavior: "instant" });
    for (const el of targets) {
      const rect = el.getBoundingClientRect();
      if (rect.top + rect.height / 2 > window.innerHeight / 2) check(el, "at the page's end", floats);
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return [...problems];
  }, CONTROLS_AND_TOTALS);
}

/** Fails with the list of controls and totals something floating covers. */
export async function expectNothingCovered(page: Page, label = page.url()): Promise<void> {
  expect(await coveredOnPage(page), `covered on ${label}`).toEqual([]);
}
