// What staff type in a list's search box, made safe to compare: cut to the box's length before
// anything reads it, without control characters (PostgreSQL's text cannot hold a NUL), trimmed;
// and a LIKE pattern's own characters (% _ \) escaped, so a search for "50%" means those letters.

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The search as compared: at most `max` characters, no control characters, trimmed; "" for none. */
export function searchTerm(raw: unknown, max: number): string {
  if (typeof raw !== "string") return "";
  return raw.slice(0, max).replace(CONTROL, " ").trim();
}

/** A term for LIKE/ILIKE with its wildcards taken literally (the default escape character, \). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
