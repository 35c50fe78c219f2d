// The settings row's version, for the saves that must not overwrite one another unseen (the
// store's details, the order signals): its updated_at to the microsecond, as text. A save sends
// the version its screen showed; under the row's lock, another version means another owner saved
// first (409, CHANGED_BY_SOMEONE_ELSE).
import { sql } from "drizzle-orm";
import { siteSettings } from "../../db/schema";
import { invalid } from "../shared/errors";

/** The version as the screens read it: text, not a Date (JavaScript dates stop at milliseconds). */
export const settingsVersion = sql<string>`to_char(${siteSettings.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const VERSION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The version a save was made from (its updated_at), or 422; the length is checked before the pattern. */
export function savedVersion(input: Record<string, unknown>): string {
  const given = input.updated_at;
  if (typeof given !== "string" || given.length > 40 || !VERSION.test(given)) {
    throw invalid("updated_at must be the updated_at the settings were read with");
  }
  return given;
}

/** The version a save writes: never the same twice, even for two saves inside one clock tick. */
export const nextSettingsVersion = () => sql`greatest(now(), ${siteSettings.updatedAt} + interval '1 microsecond')`;
