// Lets the style sheet and the main image arrive before the page's JavaScript (decision 0031).
//
// React Router's <Scripts> asks for every script (~110 KB of brotli) as a modulepreload in
// <head>, which Chrome fetches at high priority, level with the render-blocking style sheet and
// the preloaded main image. Over slow mobile data they share one thin pipe, so the shopper waits
// for scripts before seeing a page that is complete without them (every page renders on the
// server; browsing works with JavaScript off). Marking the preloads fetchpriority="low" keeps
// them downloading at once, in parallel, just behind what the first paint needs. <Scripts> has no
// option for it, so the rendered HTML is rewritten; if a new React Router writes its links
// differently, nothing matches and the page is as before.
const MODULEPRELOAD_LINK = /<link rel="modulepreload" href="/g;

export function lowerScriptPriority(html: string): string {
  return html.replace(MODULEPRELOAD_LINK, '<link rel="modulepreload" fetchpriority="low" href="');
}
