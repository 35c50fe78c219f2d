// Pakistan time for what people read in files: the order and product exports' dates and file
// names. Pakistan is UTC+5 all year (no daylight saving), so a fixed offset is exact.
const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000;

/** "2026-11-23 14:05": the moment in Pakistan time, as spreadsheets parse it. */
export function karachiMinute(at: Date): string {
  return new Date(at.getTime() + KARACHI_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}

/** "2026-11-23": today's date in Pakistan, for a file's name. */
export function karachiToday(now = new Date()): string {
  return karachiMinute(now).slice(0, 10);
}
