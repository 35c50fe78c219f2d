// The parameters ad platforms and campaign tools add to a shop's links: Facebook and Instagram
// put a new fbclid on every click, Google a gclid, newsletters utm_*. No page reads them, so a
// page asked with them is the page without them; yet each made its own page-cache key, and
// every visitor from an ad (most of a Pakistani shop's crowd on a sale day) had the page
// rendered for them alone.
//
// They are taken out of the address React renders as well as out of the cache's key, so a shared
// page never carries one visitor's click id to another. The visitor's own address bar keeps them
// (no redirect: a round trip on a slow phone network), for any script that reads them there.

const CAMPAIGN_PARAMETERS = new Set([
  "fbclid", // Facebook, Instagram, Messenger
  "igshid", // Instagram shares
  "igsh",
  "gclid", // Google Ads
  "gbraid",
  "wbraid",
  "dclid",
  "gad_source",
  "srsltid", // Google Merchant listings
  "_gl", // Google's cross-site linker
  "msclkid", // Microsoft Ads
  "ttclid", // TikTok
  "twclid", // X
  "li_fat_id", // LinkedIn
  "yclid", // Yandex
  "mc_cid", // Mailchimp
  "mc_eid",
]);

/** Query names are compared decoded and in lower case; a name longer than this is no campaign's. */
const LONGEST_NAME = 32;

function isCampaignParameter(pair: string): boolean {
  if (pair === "") return true; // "?&a=1", a trailing "&": nothing to keep
  const equals = pair.indexOf("=");
  const rawName = equals < 0 ? pair : pair.slice(0, equals);
  // three characters a byte at most when written percent-encoded ("%66bclid"): a longer raw name
  // is not decoded at all
  if (rawName.length > LONGEST_NAME * 3) return false;
  let name: string;
  try {
    name = decodeURIComponent(rawName.replaceAll("+", " ")).toLowerCase();
  } catch {
    return false;
  }
  return CAMPAIGN_PARAMETERS.has(name) || name.startsWith("utm_");
}

/**
 * The request target without its campaign parameters; the other parameters stay as they were
 * written, in their order. The same string when it has none.
 */
export function withoutCampaignParameters(target: string): string {
  const question = target.indexOf("?");
  if (question < 0) return target;
  const pairs = target.slice(question + 1).split("&");
  const kept = pairs.filter((pair) => !isCampaignParameter(pair));
  if (kept.length === pairs.length) return target;
  const path = target.slice(0, question);
  return kept.length === 0 ? path : `${path}?${kept.join("&")}`;
}
