// axe-core in the browser tests (decision 0093): the page is checked as it stands, in the browser
// that shows it. axe's script is run through Playwright's evaluate, which goes over the DevTools
// protocol and so is not a script of the page: the pages' Content-Security-Policy (scripts by
// hash or nonce only, decision 0074) stays on, as shoppers get it, and is not bypassed.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ImpactValue } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The impacts that fail a test: what stops or misleads a person using a screen reader or a keyboard. */
const BLOCKING: readonly ImpactValue[] = ["serious", "critical"];

export interface AxeHit {
  rule: string;
  impact: ImpactValue;
  help: string;
  /** the elements, as axe names them (CSS selectors) with its reason for the first */
  where: string[];
  why: string;
}

/** Runs axe-core's default rules (WCAG 2.0-2.2 A and AA and best practice) on the page as it is now. */
export async function axeHits(page: Page): Promise<AxeHit[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } })
      .axe;
    // axe's results hold elements and functions; only plain JSON leaves the page
    return JSON.parse(JSON.stringify((await axe.run(document, { resultTypes: ["violations"] })).violations));
  });
  return (results as AxeResults["violations"]).map((v) => ({
    rule: v.id,
    impact: v.impact ?? "minor",
    help: v.help,
    where: v.nodes.map((n) => n.target.join(" ")),
    why: v.nodes[0]?.failureSummary?.replace(/\s+/g, " ").trim() ?? "",
  }));
}

/** The serious and critical hits, one readable line each. */
export function describeHits(hits: AxeHit[]): string[] {
  return hits
    .filter((h) => BLOCKING.includes(h.impact))
    .map((h) => `${h.impact} ${h.rule}: ${h.help} at ${h.where.slice(0, 5).join(", ")}${h.where.length > 5 ? ", …" : ""} (${h.why})`);
}

/**
 * Fails on any serious or critical axe-core violation on the page as it is now, with a list a
 * person can read (rule, elements, reason); `label` names the page and width in the message.
 */
export async function expectNoSeriousAxeViolations(page: Page, label = page.url()): Promise<void> {
  expect(describeHits(await axeHits(page)), `axe-core on ${label}`).toEqual([]);
}
