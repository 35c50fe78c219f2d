// Section "lighthouse": Lighthouse 12 (mobile preset, simulated throttling) against the system
// Chromium, 3 runs per page, the median by performance score. Budgets (decision 0083):
// performance >= 95, accessibility, best practices and SEO 100, CLS < 0.02, TBT < 100 ms,
// JavaScript <= 110 KB on the product page; LCP is judged by slow-link.
//
// Environment (besides bench/run.ts's):
//   BENCH_LIGHTHOUSE_RUNS=3          runs per page (the median by performance score is reported)
//   BENCH_LIGHTHOUSE_PAGES=a,b       only these pages (home, collection, product, cart, checkout,
//                                    blog-post, login)
//   CHROME_PATH=/usr/bin/chromium    the browser Lighthouse drives
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Result as LighthouseResult } from "lighthouse";
import { projectRoot, resultsDir } from "./lib/paths";
import { fixed, table } from "./lib/report";
import type { Section, SectionContext, SectionOutcome } from "./lib/section";
import {
  brokenFailures,
  checkPages,
  CHROME_FLAGS,
  chromePath,
  discoverPages,
  withUrdu,
  kb,
  loadNote,
  mark,
  skippedNotes,
  type Page,
  type PageCheck,
} from "./pages";
import {
  CATEGORIES,
  figures,
  LIGHTHOUSE_TARGETS,
  PAINT_DELAY_MS,
  targetsOf,
  type Categories,
  type LighthousePageResult,
  type RunFigures,
} from "./lighthouse-figures";

async function auditPage(
  context: SectionContext,
  page: Page,
  runs: number,
  chromePath: string,
): Promise<{ result: LighthousePageResult; errors: string[] }> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const url = `${context.baseUrl}${page.path}`;
  const done: { figures: RunFigures; lhr: LighthouseResult }[] = [];
  const errors: string[] = [];
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    for (let run = 1; run <= runs; run++) {
      const started = performance.now();
      const answer = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        // the report file stays small; the filmstrip is kept
        disableFullPageScreenshot: true,
      });
      const lhr = answer?.lhr;
      if (!lhr) {
        errors.push(`lighthouse ${page.name}: run ${run} returned no result`);
        continue;
      }
      if (lhr.runtimeError) {
        errors.push(`lighthouse ${page.name}: run ${run}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        continue;
      }
      const f = figures(lhr, context.baseUrl);
      if (f.brokenRequests.length) {
        errors.push(
          `lighthouse ${page.name}: run ${run}: the store answered errors for its own files (build/ rebuilt while ` +
            `the bench ran?): ${f.brokenRequests.slice(0, 3).join(", ")}`,
        );
      }
      context.log(
        `lighthouse: ${page.name} run ${run}/${runs}: performance ${f.scores.performance}, LCP ${fixed(f.lcpMs)} ms, ` +
          `TBT ${fixed(f.tbtMs)} ms (${((performance.now() - started) / 1000).toFixed(0)} s, load ${f.loadAverage.toFixed(1)})`,
      );
      done.push({ figures: f, lhr });
    }
  } finally {
    await chrome.kill();
  }
  if (done.length === 0) throw new Error(`lighthouse ${page.name}: no run completed (${errors.join("; ")})`);
  // the median by performance score (ties: by LCP)
  const medianOf = <T extends { figures: RunFigures }>(list: T[]): T => {
    const sorted = [...list].sort(
      (a, b) => a.figures.scores.performance - b.figures.scores.performance || b.figures.lcpMs - a.figures.lcpMs,
    );
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  const median = medianOf(done);
  const undelayed = done.filter((d) => !d.figures.paintDelayed);
  fs.mkdirSync(resultsDir, { recursive: true });
  const reportFile = path.join(resultsDir, `lighthouse-${page.name}.report.json`);
  fs.writeFileSync(reportFile, JSON.stringify(median.lhr));
  return {
    result: {
      page: page.name,
      path: page.path,
      runs: done.map((d) => d.figures),
      median: median.figures,
      targets: targetsOf(median.figures, page),
      medianWithoutPaintDelay:
        undelayed.length > 0 && undelayed.length < done.length ? medianOf(undelayed).figures : undefined,
      reportFile: path.relative(process.cwd(), reportFile),
    },
    errors,
  };
}

function renderLighthouse(
  results: LighthousePageResult[],
  runs: number,
  skipped: PageCheck[],
  loadAtStart: number,
): string {
  const cell = (r: LighthousePageResult, key: string, text: string) => text + mark(r.targets[key]?.pass);
  const lines = [
    `Lighthouse ${lighthouseVersion()} (mobile preset, simulated throttling), median of ${runs} by performance score; ` +
      `load average ${loadAtStart.toFixed(1)} at the start on ${os.cpus().length} CPUs`,
    "",
    table(
      [
        "page",
        "perf",
        "a11y",
        "best pr.",
        "SEO",
        "LCP ms",
        "CLS",
        "TBT ms",
        "JS KB",
        "FCP ms",
        "SI ms",
        "bench idx",
        "load",
      ],
      results.map((r) => [
        r.page,
        cell(r, "performance", String(r.median.scores.performance)),
        cell(r, "accessibility", String(r.median.scores.accessibility)),
        cell(r, "best-practices", String(r.median.scores["best-practices"])),
        cell(r, "seo", String(r.median.scores.seo)),
        cell(r, "lcpMs", fixed(r.median.lcpMs)),
        cell(r, "cls", fixed(r.median.cls, 3)),
        cell(r, "tbtMs", fixed(r.median.tbtMs)),
        cell(r, "jsKb", kb(r.median.jsBytes)),
        fixed(r.median.fcpMs),
        fixed(r.median.speedIndexMs),
        fixed(r.median.benchmarkIndex),
        r.median.loadAverage.toFixed(1),
      ]),
    ),
    "",
    `Targets: performance >= ${LIGHTHOUSE_TARGETS.performance}; accessibility, best practices, SEO = 100; ` +
      `CLS < ${LIGHTHOUSE_TARGETS.cls}; TBT < ${LIGHTHOUSE_TARGETS.tbtMs} ms (LCP: simulated, shown without a target; ` +
      `the real browser's over the slow link is judged by the slow-link section); ` +
      `JS <= ${LIGHTHOUSE_TARGETS.jsKb} KB (transferred, headers included; product page). "bench idx" is Lighthouse's ` +
      'CPU benchmark of the machine at the time (lower = slower), "load" the 1-minute load average after the run.',
    "All runs (performance score / LCP ms / observed FCP ms; * = headless paint delay, see below):",
    ...results.map(
      (r) =>
        `  ${r.page.padEnd(10)} ` +
        r.runs
          .map(
            (f) =>
              `${f.scores.performance} / ${fixed(f.lcpMs)} / ${fixed(f.observed.fcpMs)}${f.paintDelayed ? "*" : ""}`,
          )
          .join(", "),
    ),
  ];
  const delayed = results.filter((r) => r.runs.some((f) => f.paintDelayed));
  if (delayed.length) {
    lines.push(
      "",
      `* Headless paint delay: Chrome painted nothing until more than ${PAINT_DELAY_MS} ms after the page had loaded ` +
        "(observed FCP > observed load + " +
        `${PAINT_DELAY_MS} ms). Headless Chrome stops sending frames to a renderer it finds unresponsive ` +
        "(viz ThrottleUnresponsiveClient, GoogleChrome/lighthouse#17148), much more often on a busy machine; Lantern " +
        "then counts every request and task before that late paint into FCP, LCP and Speed Index. It is the " +
        "measurement, not the page. Medians of the runs without it:",
      ...delayed.map((r) => {
        const m = r.medianWithoutPaintDelay;
        const count = `${r.runs.filter((f) => f.paintDelayed).length} of ${r.runs.length} runs`;
        return m
          ? `  ${r.page.padEnd(10)} ${count} delayed; the others: performance ${m.scores.performance}, FCP ${fixed(m.fcpMs)} ms, ` +
              `LCP ${fixed(m.lcpMs)} ms, SI ${fixed(m.speedIndexMs)} ms, TBT ${fixed(m.tbtMs)} ms`
          : `  ${r.page.padEnd(10)} ${count} delayed (no clean run to compare)`;
      }),
    );
  }
  for (const r of results) {
    const missed = Object.entries(r.targets)
      .filter(([, t]) => !t.pass)
      .map(([key]) => key);
    const offline = r.median.failing.filter((a) => a.offline);
    if (missed.length) {
      // the categories behind the misses; the metrics and the JS size count under performance
      const categories = new Set(
        missed.map((m) => (CATEGORIES.includes(m as Categories) ? (m as Categories) : "performance")),
      );
      lines.push("", `${r.page} (GET ${r.path}) MISS: ${missed.join(", ")}. Top failing audits:`);
      for (const category of categories) {
        const audits = r.median.failing.filter((a) => a.category === category).slice(0, 8);
        if (audits.length === 0) lines.push(`  [${category}] (no single failing audit: the metrics add up)`);
        for (const a of audits) {
          lines.push(
            `  [${category}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}` +
              `${a.offline ? " [offline only]" : ""}${a.intended ? ` [on purpose: ${a.intended}]` : ""}`,
          );
        }
      }
    } else if (offline.length) {
      lines.push("", `${r.page}: offline-only failures: ${offline.map((a) => a.id).join(", ")}`);
    }
    if (r.median.outsideRequests.length) {
      lines.push(
        `  ${r.page}: asked for ${r.median.outsideRequests.length} URL(s) outside the store, which fail on this machine without internet: ` +
          r.median.outsideRequests.slice(0, 3).join(", ") +
          (r.median.outsideRequests.length > 3 ? ", ..." : ""),
      );
    }
    const warnings = [...new Set(r.runs.flatMap((f) => f.runWarnings))];
    for (const w of warnings) lines.push(`  ${r.page}: Lighthouse warning: ${w}`);
  }
  lines.push("", `Full reports of the median runs: ${results.map((r) => r.reportFile).join(", ")}`);
  lines.push(...skippedNotes(skipped));
  lines.push(...loadNote([loadAtStart, ...results.flatMap((r) => r.runs.map((f) => f.loadAverage))]));
  return lines.join("\n");
}

function lighthouseVersion(): string {
  try {
    const file = path.join(projectRoot, "node_modules", "lighthouse", "package.json");
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "12";
  }
}

async function measureLighthouse(context: SectionContext): Promise<SectionOutcome> {
  const browserPath = chromePath();
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number >= 1`);
  const only = (process.env.BENCH_LIGHTHOUSE_PAGES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

  let pages = withUrdu(await discoverPages(context.baseUrl, context.log));
  if (only.length) {
    const unknown = only.filter((name) => !pages.some((p) => p.name === name));
    if (unknown.length)
      throw new Error(
        `BENCH_LIGHTHOUSE_PAGES: unknown page(s) ${unknown.join(", ")}; known: ${pages.map((p) => p.name).join(", ")}`,
      );
    pages = pages.filter((p) => only.includes(p.name));
  }
  const { ok, skipped, broken } = await checkPages(context.baseUrl, pages);
  const loadAtStart = os.loadavg()[0]!;
  const results: LighthousePageResult[] = [];
  const failures = brokenFailures("lighthouse", broken);
  for (const page of ok) {
    context.log(`lighthouse: ${page.name} (GET ${page.path}), ${runs} run(s)...`);
    try {
      const { result, errors } = await auditPage(context, page, runs, browserPath);
      results.push(result);
      failures.push(...errors);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  return {
    report: renderLighthouse(results, runs, skipped, loadAtStart),
    data: {
      targets: LIGHTHOUSE_TARGETS,
      chromePath: browserPath,
      chromeFlags: CHROME_FLAGS,
      runsPerPage: runs,
      loadAverageAtStart: loadAtStart,
      pages: results,
      skipped: skipped.map((s) => ({ page: s.page.name, path: s.page.path, status: s.status })),
    },
    failures,
  };
}

export const lighthouseSection: Section = {
  name: "lighthouse",
  description:
    "Lighthouse (mobile, median of 3) on home, a collection, a product, cart, checkout, a blog post and login",
  everyDatabase: false,
  run: measureLighthouse,
};
