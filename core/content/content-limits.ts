// The limits of what staff write in the Content screens (decision 0067).
// Browser-safe: the console's fields carry the same maxLength as core enforces.
import { slugify as slugifyText } from "../shared/slug";

export const CONTENT_LIMITS = {
  title: 200,
  slug: 100,
  excerpt: 500,
  /** characters of HTML, before cleaning: a long article is ~30,000 */
  html: 100_000,
  category: 60,
  tags: 20,
  tag: 40,
  author: 100,
  imageUrl: 300,
  seoTitle: 120,
  seoDescription: 300,
  announcement: 200,
  sectionName: 100,
  sectionDescription: 500,
  sectionProducts: 60,
  /** a section of the newest products shows from 1 to this many (decision 0097) */
  newestProducts: 24,
  videoTitle: 120,
  videoDescription: 500,
  videoUrl: 500,
  /** rows in one list that a reorder names */
  reorder: 500,
} as const;

// lowercase words joined by single hyphens; the length is checked before this runs
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a title: "Lawn Care: 5 Tips!" -> "lawn-care-5-tips". */
export const slugify = (title: string): string => slugifyText(title, CONTENT_LIMITS.slug);

export const POLICY_PAGE_TITLES = {
  terms: "Terms & Conditions",
  privacy: "Privacy Policy",
  "refund-policy": "Return & Exchange Policy",
  about: "About Us",
} as const;

export const BLOG_STATUSES = ["all", "draft", "published"] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

// eslint-disable-next-line no-control-regex -- control characters are never part of a search
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** A search as typed, without control characters, trimmed to 100 characters. */
export function searchText(value: string | null): string {
  return (value ?? "").slice(0, 400).replace(CONTROL_CHARS, "").trim().slice(0, 100);
}
