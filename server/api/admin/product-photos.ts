// A product's photos through the staff API (decision 0063): the products
// permission uploads (multipart, several files at once), reorders, sets alt text and the main
// photo, and deletes. Files are streamed by @fastify/multipart with its limits, one at a time,
// and judged by their content in core.
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { mediaStorage } from "../../../core/media/storage";
import {
  addProductPhotos,
  deleteProductPhoto,
  listProductPhotos,
  reorderProductPhotos,
  updateProductPhoto,
  type ProductPhoto,
  type UploadedFile,
} from "../../../core/media/product-photos";
import { megabytes, PHOTO_LIMITS } from "../../../core/media/photo-rules";
import { AppError } from "../../../core/shared/errors";
import type { AppConfig } from "../../config";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { hasUnsafeText } from "../../plugins/request-checks";
import { idSchema } from "../http";
import { answerOf, answers } from "../answers";
import { staffOperation } from "./docs";

export const PHOTO_FIELD = "photos";

const TOO_MANY = `photos: at most ${PHOTO_LIMITS.files} photos at a time.`;

/** Multipart limits for the photo routes: the files' own, and little room for anything else. */
export const MULTIPART_OPTIONS = {
  limits: {
    fileSize: PHOTO_LIMITS.fileBytes,
    files: PHOTO_LIMITS.files,
    fields: 10,
    fieldSize: 1024,
    parts: PHOTO_LIMITS.files + 10,
    headerPairs: 20,
  },
};

/**
 * The uploaded files of a multipart request, each read whole (at most the file limit) before
 * the next. The multipart plugin's limit errors become messages that say what to do.
 */
export async function readPhotoFiles(
  request: FastifyRequest,
  field: string = PHOTO_FIELD,
  tooMany: string = TOO_MANY,
): Promise<UploadedFile[]> {
  if (!request.isMultipart())
    throw new AppError(400, `Send the photos as multipart/form-data, in the field "${field}".`);
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      const name = part.filename ?? "";
      if (part.fieldname !== field) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError(422, `${part.fieldname.slice(0, 40)}: send the photos in the field "${field}".`);
      }
      try {
        const bytes = await part.toBuffer();
        // a form's file input with nothing chosen sends an empty part without a name
        if (name === "" && bytes.length === 0) continue;
        files.push({ name: hasUnsafeText(name) ? "" : name, bytes });
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          throw new AppError(
            413,
            `"${name.slice(0, 80)}" is larger than ${megabytes(PHOTO_LIMITS.fileBytes)}. Send a smaller photo.`,
          );
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw new AppError(413, tooMany);
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new AppError(413, "The form has too many fields.");
    throw new AppError(400, "The upload could not be read: it broke off or is not valid multipart/form-data.");
  }
  return files;
}

export function presentPhoto(photo: ProductPhoto) {
  return {
    id: photo.id,
    url: photo.url,
    widths: photo.widths,
    alt_text: photo.altText,
    is_primary: photo.isPrimary,
    position: photo.position,
    uploaded: photo.uploaded,
  };
}

const productParams = z.object({ id: idSchema("id") });
const photoParams = z.object({ id: idSchema("id"), photoId: idSchema("photoId") });

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const altText = z
  .string({ error: "alt_text must be text" })
  .max(PHOTO_LIMITS.altText, `alt_text must be at most ${PHOTO_LIMITS.altText} characters`)
  .refine((value) => !CONTROL.test(value), { message: "alt_text must not contain control characters" });

const photoAnswer = answerOf<ReturnType<typeof presentPhoto>>()(
  z.object({
    id: z.number(),
    url: z.string(),
    widths: z.array(z.number()),
    alt_text: z.string(),
    is_primary: z.boolean(),
    position: z.number(),
    uploaded: z.boolean(),
  }),
);

export async function adminProductPhotoRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config: AppConfig },
) {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storage = mediaStorage(config);

  api.get(
    "/admin/products/:id/photos",
    {
      schema: {
        operationId: "listProductPhotos",
        response: answers({ 200: z.array(photoAnswer) }, 404),

        ...staffOperation("products", "The product's photos in their order; the first is the main photo"),
        params: productParams,
      },
      onRequest: requireStaff(core, "products"),
    },
    async (request) => {
      const { photos } = await listProductPhotos(core, staffActor(request), request.params.id);
      return photos.map(presentPhoto);
    },
  );

  api.post(
    "/admin/products/:id/photos",
    {
      schema: {
        operationId: "addProductPhotos",
        response: answers({ 201: z.array(photoAnswer) }, 400, 404, 409, 413, 415, 422),

        ...staffOperation(
          "products",
          `Adds photos (multipart/form-data, field "${PHOTO_FIELD}", up to ${PHOTO_LIMITS.files} files of ${megabytes(PHOTO_LIMITS.fileBytes)}) after the product's others; the first photo a product gets becomes its main one. JPEG, PNG or WebP, judged by content (422 otherwise; HEIC is refused with how to send JPEG), 413 when too large. Each is turned upright, stripped of all metadata (location included) and stored as WebP ${"400/800/1200"} pixels wide. All or nothing.`,
        ),
        params: productParams,
        consumes: ["multipart/form-data"],
      },
      onRequest: requireStaff(core, "products"),
    },
    async (request, reply) => {
      const files = await readPhotoFiles(request);
      const added = await addProductPhotos(core, staffActor(request), storage, request.params.id, files);
      return reply.code(201).send(added.map(presentPhoto));
    },
  );

  api.put(
    "/admin/products/:id/photos/order",
    {
      schema: {
        operationId: "orderProductPhotos",
        response: answers({ 200: z.array(photoAnswer) }, 404, 409),

        ...staffOperation(
          "products",
          "Puts the product's photos in this order (every photo once); the first becomes the main photo. 409 when the product's photos changed meanwhile, 404 for another product's photo",
        ),
        params: productParams,
        body: z.object({
          photo_ids: z
            .array(idSchema("photo_ids"), { error: "photo_ids must be a list of photo ids" })
            .min(1, "photo_ids must name the photos")
            .max(PHOTO_LIMITS.perProduct, `photo_ids may name at most ${PHOTO_LIMITS.perProduct} photos`),
        }),
      },
      onRequest: requireStaff(core, "products"),
    },
    async (request) => {
      const photos = await reorderProductPhotos(core, staffActor(request), request.params.id, request.body.photo_ids);
      return photos.map(presentPhoto);
    },
  );

  api.patch(
    "/admin/products/:id/photos/:photoId",
    {
      schema: {
        operationId: "updateProductPhoto",
        response: answers({ 200: photoAnswer }, 404, 409),

        ...staffOperation(
          "products",
          "Sets the photo's alt text (what a screen reader says; empty = the product's name), and with is_primary: true makes it the main photo (it moves to the front)",
        ),
        params: photoParams,
        body: z
          .object({
            alt_text: altText.optional(),
            is_primary: z
              .literal(true, { error: "is_primary can only be true: make another photo main instead" })
              .optional(),
          })
          .refine((b) => b.alt_text !== undefined || b.is_primary !== undefined, {
            message: "Send alt_text or is_primary",
          }),
      },
      onRequest: requireStaff(core, "products"),
    },
    async (request) => {
      const photo = await updateProductPhoto(core, staffActor(request), request.params.id, request.params.photoId, {
        altText: request.body.alt_text,
        primary: request.body.is_primary,
      });
      return presentPhoto(photo);
    },
  );

  api.delete(
    "/admin/products/:id/photos/:photoId",
    {
      schema: {
        operationId: "deleteProductPhoto",
        response: answers(
          {
            200: z.object({
              id: z.number(),
              deleted: z.boolean(),
              files_deleted: z.boolean(),
            }),
          },
          404,
        ),

        ...staffOperation(
          "products",
          "Deletes the photo and then its files; the next photo becomes main if it was. 404 when it is gone or another product's",
        ),
        params: photoParams,
      },
      onRequest: requireStaff(core, "products"),
    },
    async (request) => {
      const result = await deleteProductPhoto(
        core,
        staffActor(request),
        storage,
        request.params.id,
        request.params.photoId,
      );
      return { id: result.id, deleted: true, files_deleted: result.filesDeleted };
    },
  );
}
