// What the lighthouse section reads from each Lighthouse run (lighthouse.ts): the budgets of
// decision 0083, the figures of one run (scores, timings, JavaScript, failing audits told apart
// from those that fail only for want of the internet) and the targets a page's median meets.
import os from "node:os";
import type { Result as LighthouseResult } from "lighthouse";
import { JS_BUDGET_KB, KB, type Page } from "./pages";

/**
 * Decision 0083's budgets. LCP is judged by the real browser over the slow link (slow-link.ts,
 * SLOW_LINK_LCP_MS); Lighthouse's simulated LCP is reported beside the others, without a target.
 */
export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  cls: 0.02,
  tbtMs: 100,
  jsKb: JS_BUDGET_KB,
};

export type Categories = "performance" | "accessibility" | "best-practices" | "seo";
export const CATEGORIES: Categories[] = ["performance", "accessibility", "best-practices", "seo"];

export interface FailingAudit {
  id: string;
  title: string;
  category: Categories;
  score: number;
  displayValue?: string;
  /** fails only because this machine has no internet (requests to other hosts) */
  offline: boolean;
  /** why it fails on purpose, when it does */
  intended?: string;
}

export interface RunFigures {
  scores: Record<Categories, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  /** what Chrome really did on this machine (unthrottled), from the trace */
  observed: { fcpMs: number; loadMs: number };
  /**
   * The page had loaded yet Chrome painted nothing for a long while: headless Chrome stopped
   * sending frames to a busy renderer (viz "ThrottleUnresponsiveClient", GoogleChrome/lighthouse
   * #17148). Lantern then counts every byte and task before that late paint into FCP and LCP.
   */
  paintDelayed: boolean;
  /** scripts transferred, headers included (resource-summary) */
  jsBytes: number;
  jsRequests: number;
  totalBytes: number;
  benchmarkIndex: number;
  runWarnings: string[];
  /** requests to hosts other than the store: they fail offline */
  outsideRequests: string[];
  /** the store's own files that answered an error (a rebuild of build/ while the bench ran?) */
  brokenRequests: string[];
  failing: FailingAudit[];
  loadAverage: number;
}

export interface LighthousePageResult {
  page: string;
  path: string;
  runs: RunFigures[];
  median: RunFigures;
  targets: Record<string, { target: number; value: number; pass: boolean }>;
  /** the median of the runs without the headless paint delay, when some had it and some not */
  medianWithoutPaintDelay?: RunFigures;
  /** the median run's full Lighthouse report (open it in the Lighthouse viewer) */
  reportFile: string;
}

const numeric = (lhr: LighthouseResult, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function isLocal(url: string, baseUrl: string): boolean {
  try {
    const u = new URL(url);
    return u.origin === new URL(baseUrl).origin || u.protocol === "data:" || u.protocol === "blob:";
  } catch {
    return true;
  }
}

/** Every URL string inside an audit's details (to tell offline failures apart). */
function urlsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") {
    if (/^https?:\/\//.test(value)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) urlsIn(v, found);
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) urlsIn(v, found);
  }
  return found;
}

/** observed first paint this much after the load event: the headless paint delay, not the page */
export const PAINT_DELAY_MS = 500;

export function figures(lhr: LighthouseResult, baseUrl: string): RunFigures {
  const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  const observed = { fcpMs: metrics.observedFirstContentfulPaint ?? NaN, loadMs: metrics.observedLoad ?? NaN };
  const summary = (
    lhr.audits["resource-summary"]?.details as
      { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined
  )?.items;
  const script = summary?.find((i) => i.resourceType === "script");
  const total = summary?.find((i) => i.resourceType === "total");
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items ??
    [];
  const outsideRequests = [...new Set(requests.map((r) => r.url).filter((u) => !isLocal(u, baseUrl)))];
  const brokenRequests = [
    ...new Set(
      requests.filter((r) => isLocal(r.url, baseUrl) && r.statusCode >= 400).map((r) => `${r.statusCode} ${r.url}`),
    ),
  ];
  const failing: FailingAudit[] = [];
  const seen = new Set<string>();
  for (const category of CATEGORIES) {
    const refs = [...(lhr.categories[category]?.auditRefs ?? [])].sort((a, b) => b.weight - a.weight);
    for (const ref of refs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || seen.has(ref.id)) continue;
      const mode = audit.scoreDisplayMode;
      const fails =
        mode === "binary"
          ? audit.score < 1
          : mode === "numeric" || mode === "metricSavings"
            ? audit.score < 0.9
            : false;
      if (!fails) continue;
      seen.add(ref.id);
      const urls = urlsIn(audit.details);
      failing.push({
        id: ref.id,
        title: audit.title,
        category,
        score: audit.score,
        displayValue: audit.displayValue,
        offline: urls.length > 0 && urls.every((u) => !isLocal(u, baseUrl)),
        intended:
          ref.id === "is-crawlable" && /noindex/i.test(JSON.stringify(audit.details ?? ""))
            ? "the page's robots meta says noindex: right for private pages such as cart and checkout"
            : undefined,
      });
    }
  }
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? NaN) * 100)]),
    ) as Record<Categories, number>,
    lcpMs: numeric(lhr, "largest-contentful-paint"),
    cls: numeric(lhr, "cumulative-layout-shift"),
    tbtMs: numeric(lhr, "total-blocking-time"),
    fcpMs: numeric(lhr, "first-contentful-paint"),
    speedIndexMs: numeric(lhr, "speed-index"),
    observed,
    paintDelayed: observed.fcpMs - observed.loadMs > PAINT_DELAY_MS,
    jsBytes: script?.transferSize ?? NaN,
    jsRequests: script?.requestCount ?? 0,
    totalBytes: total?.transferSize ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    runWarnings: lhr.runWarnings.map(String),
    outsideRequests,
    brokenRequests,
    failing,
    loadAverage: os.loadavg()[0]!,
  };
}

export function targetsOf(median: RunFigures, page: Page): LighthousePageResult["targets"] {
  const t = LIGHTHOUSE_TARGETS;
  const targets: LighthousePageResult["targets"] = {
    performance: {
      target: t.performance,
      value: median.scores.performance,
      pass: median.scores.performance >= t.performance,
    },
    accessibility: {
      target: t.accessibility,
      value: median.scores.accessibility,
      pass: median.scores.accessibility >= t.accessibility,
    },
    "best-practices": {
      target: t["best-practices"],
      value: median.scores["best-practices"],
      pass: median.scores["best-practices"] >= t["best-practices"],
    },
    seo: { target: t.seo, value: median.scores.seo, pass: median.scores.seo >= t.seo },
    cls: { target: t.cls, value: median.cls, pass: median.cls < t.cls },
    tbtMs: { target: t.tbtMs, value: median.tbtMs, pass: median.tbtMs < t.tbtMs },
  };
  if (page.budget) targets.jsKb = { target: t.jsKb, value: median.jsBytes / KB, pass: median.jsBytes <= t.jsKb * KB };
  return targets;
}
