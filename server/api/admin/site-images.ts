// Uploaded site pictures through the staff API (decision 0066): a
// collection's hero (collections permission) and a blog post's featured picture (content
// permission), one file sent as multipart/form-data in the field "image", checked and converted
// as product photos are. DELETE takes the picture off; an uploaded one's files go after.
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import { megabytes, PHOTO_LIMITS } from "../../../core/media/photo-rules";
import {
  clearSiteImage,
  uploadSiteImage,
  type SiteImageOwner,
  type SiteImageResult,
} from "../../../core/media/site-images";
import { mediaStorage } from "../../../core/media/storage";
import type { Permission } from "../../../core/shared/permissions";
import type { AppConfig } from "../../config";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import { idParams } from "../http";
import { readPhotoFiles } from "./product-photos";
import { answerOf, answers } from "../answers";
import { staffOperation } from "./docs";

export const IMAGE_FIELD = "image";
export const ONE_IMAGE = `${IMAGE_FIELD}: send one picture.`;

/** One picture per request, and little room for anything else. */
export const SITE_IMAGE_MULTIPART = {
  limits: { fileSize: PHOTO_LIMITS.fileBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 20 },
};

export function presentSiteImage(result: SiteImageResult) {
  return {
    url: result.url,
    widths: result.widths,
    ...(result.width ? { width: result.width, height: result.height } : {}),
    previous_files_deleted: result.previousFilesDeleted,
  };
}

const siteImageAnswer = answerOf<ReturnType<typeof presentSiteImage>>()(
  z.object({
    previous_files_deleted: z.boolean(),
    width: z.number().optional(),
    height: z.number().optional(),
    url: z.string().nullable(),
    widths: z.array(z.number()),
  }),
);

const DOORS: {
  path: string;
  owner: SiteImageOwner;
  permission: Permission;
  what: string;
  field: string;
  /** the operations' ids: "upload" and "remove" with it */
  name: string;
}[] = [
  {
    path: "/admin/collections/:id/image",
    owner: "collection",
    permission: "collections",
    what: "the collection's hero picture (home slider, collection page)",
    field: "image_url",
    name: "CollectionImage",
  },
  {
    path: "/admin/blog-posts/:id/image",
    owner: "blog",
    permission: "content",
    what: "the blog post's featured picture",
    field: "featured_image_url",
    name: "BlogPostImage",
  },
];

export async function adminSiteImageRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config: AppConfig },
) {
  await app.register(fastifyMultipart, SITE_IMAGE_MULTIPART);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storage = mediaStorage(config);

  for (const door of DOORS) {
    api.post(
      door.path,
      {
        schema: {
          ...staffOperation(
            door.permission,
            `Uploads ${door.what} (multipart/form-data, field "${IMAGE_FIELD}", one file of at most ${megabytes(PHOTO_LIMITS.fileBytes)}), replacing the one it had; returns the address now in ${door.field}. JPEG, PNG or WebP, judged by content (422 otherwise), 413 when too large. Turned upright, stripped of all metadata and stored as WebP 400/800/1200 pixels wide. The files of an uploaded picture it replaces are deleted.`,
          ),
          operationId: `upload${door.name}`,
          params: idParams,
          consumes: ["multipart/form-data"],
          response: answers({ 201: siteImageAnswer }, 400, 404, 413, 415, 422),
        },
        onRequest: requireStaff(core, door.permission),
      },
      async (request, reply) => {
        const files = await readPhotoFiles(request, IMAGE_FIELD, ONE_IMAGE);
        const result = await uploadSiteImage(
          core,
          staffActor(request),
          storage,
          door.owner,
          request.params.id,
          files[0],
        );
        return reply.code(201).send(presentSiteImage(result));
      },
    );

    api.delete(
      door.path,
      {
        schema: {
          ...staffOperation(
            door.permission,
            `Takes ${door.what} off (${door.field} becomes null); an uploaded picture's files are then deleted, a chosen product photo's never`,
          ),
          operationId: `remove${door.name}`,
          params: idParams,
          response: answers({ 200: siteImageAnswer }, 404),
        },
        onRequest: requireStaff(core, door.permission),
      },
      async (request) => {
        const result = await clearSiteImage(core, staffActor(request), storage, door.owner, request.params.id);
        return presentSiteImage(result);
      },
    );
  }
}
