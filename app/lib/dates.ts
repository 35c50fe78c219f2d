// Times are stored in UTC and shown in Pakistan time (design.md, docs/decisions/0013).
const day = new Intl.DateTimeFormat("en-PK", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Karachi",
});
const dayTime = new Intl.DateTimeFormat("en-PK", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Karachi",
});

function valid(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 November 2026" in Pakistan time; "" for a missing date. */
export function formatDay(value: string | Date | null | undefined): string {
  const date = valid(value);
  return date ? day.format(date) : "";
}

const daysIn = new Map<string, Intl.DateTimeFormat>([["en-PK", day]]);

/**
 * The day in Pakistan time in a language's own words, by its tag (t.tag): "21 نومبر، 2026" in
 * "ur-PK"; "en-PK" gives formatDay's "21 November 2026".
 */
export function formatDayIn(tag: string, value: string | Date | null | undefined): string {
  const date = valid(value);
  if (!date) return "";
  let format = daysIn.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Karachi" });
    daysIn.set(tag, format);
  }
  return format.format(date);
}

/** "21 Nov 2026, 2:05 pm" in Pakistan time. */
export function formatDayTime(value: string | Date | null | undefined): string {
  const date = valid(value);
  return date ? dayTime.format(date) : "";
}
