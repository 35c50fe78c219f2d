// The shopper's own confirm/cancel link (decision 0071): for a shopper without WhatsApp, or
// who would rather tap a link. 32 random bytes make it unguessable; the database keeps only the
// token's SHA-256, so a copy of the database cannot confirm or cancel anyone's order. The token
// itself goes only to the browser that placed the order and into the message sent to its phone.
import { createHash, randomBytes } from "node:crypto";

/** the storefront page the link opens */
export const CONFIRM_PATH_PREFIX = "/order/confirm/";
/** base64url of 32 bytes */
export const CONFIRM_TOKEN_LENGTH = 43;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface ConfirmLink {
  token: string;
  hash: string;
  /** /order/confirm/<token> */
  path: string;
}

export const hashConfirmToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export function newConfirmLink(): ConfirmLink {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmToken(token), path: `${CONFIRM_PATH_PREFIX}${token}` };
}

/** A token as it may come from a URL: the length is checked before the pattern looks at it. */
export const isConfirmTokenShape = (token: string): boolean =>
  token.length === CONFIRM_TOKEN_LENGTH && TOKEN_SHAPE.test(token);
