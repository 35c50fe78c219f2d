// Times are stored in UTC and shown in Pakistan time (design.md, docs/decisions/0013).
const day = new Intl.DateTimeFormat("en-PK", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Karachi" });
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

/** "21 Nov 2026, 2:05 pm" in Pakistan time. */
export function formatDayTime(value: string | Date | null | undefined): string {
  const date = valid(value);
  return date ? dayTime.format(date) : "";
}
