// The console's photo upload (decision 0063). Pages' form posts are read whole
// by the React Router adapter and limited to 256 KB (decision 0046), and a phone photo is
// megabytes; so the console's uploads come here instead: a Fastify route at
// POST /admin/products/:id/photos/upload that checks the staff cookie and the Origin before it
// reads a byte, streams the files with the API's multipart limits and calls the same core
// use-case. The page's script sends one file per request and reads JSON (progress, a message per
// file); the page's plain form (no JavaScript) posts all its files and is sent back to the page.
// The same door takes a collection's hero and a blog post's picture (decision 0066), one file each.
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CoreContext } from "../core/context";
import { addProductPhotos } from "../core/media/product-photos";
import { uploadSiteImage } from "../core/media/site-images";
import { mediaStorage } from "../core/media/storage";
import { AppError } from "../core/shared/errors";
import { can, NO_PERMISSION, type Permission, type StaffActor } from "../core/shared/permissions";
import { findStaffSession } from "../core/staff/sessions";
import { MULTIPART_OPTIONS, presentPhoto, readPhotoFiles } from "./api/admin/product-photos";
import { IMAGE_FIELD, ONE_IMAGE, presentSiteImage } from "./api/admin/site-images";
import type { AppConfig } from "./config";
import { CONSOLE_HEADERS, comesFromThisStore, consoleCookieToken, FOREIGN_ORIGIN } from "./console-guard";

declare module "fastify" {
  interface FastifyRequest {
    consoleActor?: StaffActor;
  }
}

const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? "").includes("application/json");

export async function consolePhotoUploadRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config: AppConfig },
) {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);
  const storage = mediaStorage(config);
  const publicOrigin = new URL(config.publicUrl).origin;
  const publicHost = new URL(config.publicUrl).host;

  // who and from where, before the body is read: a stranger's upload costs nothing
  const guard =
    (permission: Permission) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
      reply.headers(CONSOLE_HEADERS);
      if (!comesFromThisStore(request, request.host || publicHost, publicOrigin))
        throw new AppError(403, FOREIGN_ORIGIN);
      const token = consoleCookieToken(request);
      const found = token
        ? await findStaffSession(core, token, "console", {
            ip: request.ip,
            userAgent: request.headers["user-agent"] ?? null,
          })
        : null;
      if (!found) {
        if (wantsJson(request)) throw new AppError(401, "Your staff session has ended. Please sign in again.");
        const back = request.url.replace(/\/upload$/, "").replace(/\/image$/, "");
        return reply
          .code(303)
          .header("connection", "close")
          .redirect(`/admin/login?next=${encodeURIComponent(back)}`, 303);
      }
      const { actor } = found;
      if (actor.mustChangePassword || actor.mustSetUpTwoStep)
        throw new AppError(403, "Finish setting up your account first (Account page).");
      if (!can(actor, permission)) throw new AppError(403, NO_PERMISSION);
      request.consoleActor = actor;
      return undefined;
    };

  app.post<{ Params: { id: string } }>(
    "/admin/products/:id/photos/upload",
    {
      schema: { hide: true },
      onRequest: guard("products"),
    },
    async (request, reply) => {
      const productId = Number(request.params.id);
      const page = `/admin/products/${productId}/photos`;
      try {
        if (!Number.isSafeInteger(productId) || productId < 1 || productId > 2_147_483_647)
          throw new AppError(404, "Product not found");
        const files = await readPhotoFiles(request);
        const added = await addProductPhotos(core, request.consoleActor!, storage, productId, files);
        if (wantsJson(request)) return reply.code(201).send({ photos: added.map(presentPhoto) });
        return reply.redirect(`${page}?added=${added.length}`, 303);
      } catch (error) {
        if (!(error instanceof AppError) || wantsJson(request)) throw error;
        // the plain form: back to the page, which says what went wrong by its status
        return sendBack(reply, `${page}?upload_error=${error.status}`);
      }
    },
  );

  // a collection's hero and a blog post's picture (decision 0066): one file in the field "image",
  // back to the page with ?image=uploaded or ?image_error=<status>
  const siteImageDoors = [
    {
      path: "/admin/collections/:id/image/upload",
      page: "/admin/collections",
      owner: "collection",
      permission: "collections",
    },
    { path: "/admin/content/blog/:id/image/upload", page: "/admin/content/blog", owner: "blog", permission: "content" },
  ] as const;
  for (const door of siteImageDoors) {
    app.post<{ Params: { id: string } }>(
      door.path,
      { schema: { hide: true }, onRequest: guard(door.permission) },
      async (request, reply) => {
        const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : 0;
        const page = `${door.page}/${id}`;
        try {
          const files = await readPhotoFiles(request, IMAGE_FIELD, ONE_IMAGE);
          if (files.length > 1) throw new AppError(413, ONE_IMAGE);
          const result = await uploadSiteImage(core, request.consoleActor!, storage, door.owner, id, files[0]);
          if (wantsJson(request)) return reply.code(201).send(presentSiteImage(result));
          return reply.redirect(`${page}?image=uploaded`, 303);
        } catch (error) {
          if (!(error instanceof AppError) || wantsJson(request)) throw error;
          return sendBack(reply, `${page}?image_error=${error.status}`);
        }
      },
    );
  }
}

function sendBack(reply: FastifyReply, href: string) {
  // the rest of a refused upload is not read off the network just to be thrown away
  return reply.header("connection", "close").redirect(href, 303);
}
