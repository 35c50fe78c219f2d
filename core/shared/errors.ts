// The one error type of the program. Core throws it; the HTTP layer turns it into
// {"detail": message} with its status (design.md, "Errors and bad input").
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429;

export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    /** extra fields sent beside detail, e.g. the server's figures on a price conflict */
    readonly extra?: Record<string, unknown>,
    /** seconds, sent as Retry-After on 429 */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message: string) => new AppError(404, message);
export const invalid = (message: string) => new AppError(422, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, extra);
