// The product CSV upload of the console's import page (decision 0085; the import itself is
// decision 0065). It is the one console form that sends more than a page form may (a file of up
// to 10 MB), and reading such a body whole and letting React Router parse it again with
// request.formData() held the event loop for seconds. So the React Router adapter streams it
// here instead, and only once it knows who sends it: a live staff session with the products
// permission and this store's Origin. The multipart parser (@fastify/multipart) reads the body
// as it arrives, a slice per turn of the event loop, to the import's limits: one file, a few
// short fields. The page's action gets the fields and the file as a FormData in its load
// context, so the page and its messages are the same with and without JavaScript.
import type { FastifyRequest } from "fastify";
import { IMPORT_LIMITS } from "../core/catalog/product-csv";
import type { Permission } from "../core/shared/permissions";
import { BODY_TOO_LARGE } from "./plugins/errors";
import { hasUnsafeText, unsafeTextDetail } from "./plugins/request-checks";

// the pages and their data (a form sent with JavaScript), in the console's one spelling, with the
// permission each needs: the product import, and couriers' payment reports (decision 0107, the same 10 MB)
const UPLOAD_PAGES: readonly [RegExp, Permission][] = [
  [/^\/admin\/products\/import(?:\.data)?(?:\?|$)/, "products"],
  [/^\/admin\/money\/reports(?:\.data)?(?:\?|$)/, "money"],
];

// the page's upload form: intent and the file; the apply form is urlencoded and never comes here
const FIELDS = 10;
const FIELD_BYTES = 1024;
// the file and the multipart framing around it and its few fields
const BODY_LIMIT = IMPORT_LIMITS.bytes + 64 * 1024;

export const IMPORT_MULTIPART_OPTIONS = {
  // a file one byte over is cut there, so a file too large is known without reading it all
  throwFileSizeLimit: false,
  limits: {
    fileSize: IMPORT_LIMITS.bytes + 1,
    files: 1,
    fields: FIELDS,
    fieldSize: FIELD_BYTES,
    parts: FIELDS + 1,
    headerPairs: 20,
  },
};

/** The permission a multipart post to an upload page needs; null for any other post (the target is already in its one spelling). */
export function importUploadPermission(request: FastifyRequest): Permission | null {
  if (!request.isMultipart()) return null;
  return UPLOAD_PAGES.find(([page]) => page.test(request.url))?.[1] ?? null;
}

type Upload = { form: FormData } | { status: 400 | 413; detail: string };

const TOO_LARGE = { status: 413, detail: BODY_TOO_LARGE } as const;

/**
 * The upload's fields and file, or why not: 413 past the limits (the rest is never read), 400 for
 * a body that breaks off, is not multipart or holds a NUL byte or lone surrogate in a field.
 */
export async function readImportUpload(request: FastifyRequest): Promise<Upload> {
  if (Number(request.headers["content-length"]) > BODY_LIMIT) return TOO_LARGE;
  const form = new FormData();
  let read = 0;
  try {
    for await (const part of request.parts()) {
      if (hasUnsafeText(part.fieldname))
        return { status: 400, detail: unsafeTextDetail(part.fieldname, "A field name") };
      if (part.type === "field") {
        if (part.valueTruncated || part.fieldnameTruncated) return TOO_LARGE;
        const value = typeof part.value === "string" ? part.value : String(part.value);
        if (hasUnsafeText(value)) return { status: 400, detail: unsafeTextDetail(part.fieldname, "A field") };
        form.append(part.fieldname, value);
        continue;
      }
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer<ArrayBuffer>>) {
        read += chunk.length;
        // leaving the loop ends the file and the parser stops reading the request
        if (read > IMPORT_LIMITS.bytes) return TOO_LARGE;
        chunks.push(chunk);
      }
      // the file's name is shown back on the page: one with a NUL byte is kept nameless
      const name = part.filename && !hasUnsafeText(part.filename) ? part.filename : "";
      form.append(part.fieldname, new File(chunks, name, { type: part.mimetype }));
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return TOO_LARGE;
    return { status: 400, detail: "The form data could not be read." };
  }
  return { form };
}
