// PostgreSQL error codes, read through the wrappers Drizzle and the drivers put around them.

/** The SQLSTATE and constraint of a database error, or null when error is something else. */
export function databaseError(error: unknown): { code: string; constraint: string | null } | null {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === "object"; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : null };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export const UNIQUE_VIOLATION = "23505";
export const FOREIGN_KEY_VIOLATION = "23503";
