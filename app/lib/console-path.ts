// Which paths are the console's, on its own: the storefront's root layout asks it on every page,
// and importing it from ./console brought the console's menu, roles and labels (1.6 KB of
// compressed script) to every shopper's page (decision 0079).

/** True for the console's pages (and their .data answers): they get the console's layout, not the shop's. */
export function isConsolePath(pathname: string): boolean {
  return /^\/admin(?:[/.]|$)/.test(pathname);
}
