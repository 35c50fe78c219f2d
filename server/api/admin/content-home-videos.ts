// The home page's videos through the staff API (decision 0067): the list in order, adding,
// ordering, changing or hiding, and deleting one.
import { z } from "zod";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import {
  addHomeVideo,
  deleteHomeVideo,
  listHomeVideosForStaff,
  reorderHomeVideos,
  updateHomeVideo,
  type StaffHomeVideo,
} from "../../../core/content/home-videos-admin";
import type { CoreContext } from "../../../core/context";
import { idParams } from "../http";
import { answerOf, answers } from "../answers";
import { bool, deletedAnswer, orderBody, text } from "./content-fields";
import type { StaffRoutes } from "./staff-routes";

const presentVideo = (v: StaffHomeVideo) => ({
  id: v.id,
  title: v.title,
  description: v.description,
  video_url: v.videoUrl,
  is_active: v.isActive,
  position: v.position,
});

const videoAnswer = answerOf<ReturnType<typeof presentVideo>>()(
  z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    video_url: z.string(),
    is_active: z.boolean(),
    position: z.number(),
  }),
);

const videoBody = z.object({
  title: text("title", L.videoTitle).optional(),
  description: text("description", L.videoDescription).optional(),
  video_url: text("video_url", L.videoUrl).optional(),
  is_active: bool("is_active").optional(),
});

const videoInput = (b: z.infer<typeof videoBody>) => ({
  title: b.title,
  description: b.description,
  videoUrl: b.video_url,
  isActive: b.is_active,
});

export function homeVideoRoutes(staff: StaffRoutes, core: CoreContext) {
  staff.get(
    "/admin/home-videos",
    {
      operationId: "listHomeVideos",
      summary: "The home page's videos in order, shown or not",
      response: answers({ 200: z.array(videoAnswer) }),
    },
    async (actor) => (await listHomeVideosForStaff(core, actor)).map(presentVideo),
  );

  staff.post(
    "/admin/home-videos",
    {
      operationId: "addHomeVideo",
      summary: "Adds a video at the end (a YouTube address: watch, youtu.be or shorts)",
      response: answers({ 201: videoAnswer }),
      body: videoBody,
    },
    async (actor, { body }, reply) =>
      reply.status(201).send(presentVideo(await addHomeVideo(core, actor, videoInput(body)))),
  );

  staff.put(
    "/admin/home-videos/order",
    {
      operationId: "orderHomeVideos",
      summary: "Puts the videos in the order of ids, each named once",
      response: answers({ 200: z.array(videoAnswer) }, 409),
      body: orderBody,
    },
    async (actor, { body }) => (await reorderHomeVideos(core, actor, body.ids)).map(presentVideo),
  );

  staff.patch(
    "/admin/home-videos/:id",
    {
      operationId: "updateHomeVideo",
      summary: "Changes a video, or shows or hides it",
      response: answers({ 200: videoAnswer }, 404),
      params: idParams,
      body: videoBody,
    },
    async (actor, { params, body }) => presentVideo(await updateHomeVideo(core, actor, params.id, videoInput(body))),
  );

  staff.delete(
    "/admin/home-videos/:id",
    {
      operationId: "deleteHomeVideo",
      summary: "Deletes a video; 404 when it is already gone",
      response: answers({ 200: deletedAnswer }, 404),
      params: idParams,
    },
    async (actor, { params }) => deleteHomeVideo(core, actor, params.id),
  );
}
