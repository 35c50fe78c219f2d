// /robots.txt: names the XML sitemap at the public address and keeps private and transactional
// pages out of search results (decision 0027).
import type { Route } from "./+types/robots-txt";

const ROBOTS_DISALLOW = ["/account", "/wishlist", "/checkout", "/cart", "/admin", "/api/"];

export function loader({ context }: Route.LoaderArgs) {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${context.config.publicUrl}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
