// When the terms, privacy and return policy texts last changed: shown on those pages and given
// to the XML sitemap as their lastmod. Change it together with the texts.
export const POLICIES_UPDATED = "2026-11-21";
