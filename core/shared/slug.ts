/**
 * "Summer Lawn 2026!" -> "summer-lawn-2026": lowercase words joined by hyphens, at most
 * maxLength characters, never starting or ending with a hyphen (also where the length cuts it).
 */
export function slugify(text: string, maxLength = 80): string {
  return (
    text
      // a slug is short: reading more of a long text only costs time
      .slice(0, Math.max(300, maxLength * 3))
      .normalize("NFKD")
      // the accents NFKD takes off letters ("é" -> "e" + U+0301) go, not the letters
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, maxLength)
      .replace(/-+$/, "")
  );
}
