import { describe, expect, it } from "vitest";
import { lowerScriptPriority } from "./script-priority.server";

// what React Router 7's <Scripts> writes (React hoists the links into <head>)
const rendered =
  '<head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n1"/>' +
  '<link rel="preload" as="image" href="/media/p-800.webp" fetchpriority="high"/></head>' +
  '<body><script nonce="n1" type="module" async="">import "/assets/root-B.js";</script></body>';

describe("lowerScriptPriority", () => {
  it("marks every script preload low priority and leaves everything else as it was", () => {
    const out = lowerScriptPriority(rendered);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href="/g)).toHaveLength(2);
    expect(out.replaceAll(' fetchpriority="low"', "")).toBe(rendered);
  });

  it("leaves a page without script preloads unchanged", () => {
    const page = "<html><body><p>No scripts</p></body></html>";
    expect(lowerScriptPriority(page)).toBe(page);
  });
});
