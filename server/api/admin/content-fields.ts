// Pieces the Content screens' staff routes share (content.ts registers them): text fields sized
// by core's limits, the body that puts a list in order, and the answer of a deletion.
import { z } from "zod";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import { idSchema } from "../http";

/** Text of at most `max` characters; four times that in bytes is refused early, core counts characters. */
export const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max * 4, `${field} must be at most ${max} characters`);

/** An Urdu twin (decision 0111): the English field's size; null, "" or only whitespace clears it. */
export const urduText = (field: string, max: number) =>
  text(field, max).nullable().optional().describe("in Urdu; null, empty or only spaces: none (the English shows)");

/** An Urdu HTML body: as htmlContent, null or empty clearing it. */
export const urduHtmlContent = z
  .string({ error: "content_ur must be text" })
  .max(L.html, `content_ur must be at most ${L.html.toLocaleString("en-US")} characters`)
  .nullable()
  .optional()
  .describe("the body in Urdu (HTML, cleaned as content is); null or empty: none (the English shows)");

export const bool = (field: string) => z.boolean({ error: `${field} must be true or false` });

/** A page's HTML body (a post's, a policy page's): cleaned by core before it is stored. */
export const htmlContent = z
  .string({ error: "content must be text" })
  .max(L.html, `content must be at most ${L.html.toLocaleString("en-US")} characters`);

export const orderBody = z.object({
  ids: z
    .array(idSchema("ids"), { error: "ids must be a list of ids" })
    .max(L.reorder, `ids must be at most ${L.reorder}`),
});

export const deletedAnswer = z.object({ id: z.int() });
