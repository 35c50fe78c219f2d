// Checks shared by the Content use-cases (blog, policy pages, the home page's lists; decision
// 0067): each refusal names its field, and a length is checked before any pattern runs.
import { invalid } from "../shared/errors";

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- a one-line field takes no line breaks either
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

/** A one-line text: trimmed, within max, no control characters; "" when optional and empty. */
export function lineText(field: string, value: unknown, max: number, required = false): string {
  if (typeof value !== "string") {
    if (value === undefined || value === null) {
      if (required) throw invalid(`${field} is required`);
      return "";
    }
    throw invalid(`${field} must be text`);
  }
  if (value.length > max * 4) throw invalid(`${field} must be at most ${max} characters`);
  const text = value.trim();
  if (text.length > max) throw invalid(`${field} must be at most ${max} characters`);
  if (CONTROL_OR_BREAK.test(text)) throw invalid(`${field} must be one line without control characters`);
  if (required && !text) throw invalid(`${field} is required`);
  return text;
}

/** Several lines of text (a description): within max, no control characters but line breaks. */
export function longText(field: string, value: unknown, max: number): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw invalid(`${field} must be text`);
  if (value.length > max * 2) throw invalid(`${field} must be at most ${max} characters`);
  const text = value.replace(/\r\n?/g, "\n").trim();
  if (text.length > max) throw invalid(`${field} must be at most ${max} characters`);
  if (CONTROL.test(text)) throw invalid(`${field} must not contain control characters`);
  return text;
}

/** A switch (shown, featured): true or false, nothing else. */
export function flag(field: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw invalid(`${field} must be true or false`);
  return value;
}

/** HTML as staff typed it, before cleaning: within max, and no NUL (the cleaner drops the rest). */
export function htmlText(field: string, value: unknown, max: number): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw invalid(`${field} must be text`);
  if (value.length > max) throw invalid(`${field} must be at most ${max.toLocaleString("en-US")} characters`);
  return value.replaceAll("\u0000", "");
}

// a file the store serves from its media folder: /media/…/name.ext, no "..", no query
const MEDIA_PATH = /^\/media\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*(?:\.[A-Za-z0-9_-]+)*\.(?:webp|avif|jpe?g|png)$/;

/** An address in the store's media, or null for none. Whether it exists is the caller's check. */
export function mediaPath(field: string, value: unknown, max: number): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") throw invalid(`${field} must be text`);
  if (value.length > max || !MEDIA_PATH.test(value)) {
    throw invalid(`${field} must be one of the store's pictures (/media/…), or empty for none`);
  }
  return value;
}

/** Cleaned HTML with no text in it (only tags or spaces) is no Urdu body: the English shows (decision 0111). */
export const urduHtml = (html: string): string | null => (html.replace(/<[^>]*>/g, "").trim() === "" ? null : html);
