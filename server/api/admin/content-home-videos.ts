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
import { answerOf } from "../answers";
import { bool, text } from "./content-fields";
import { orderedListRoutes } from "./content-lists";
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
  orderedListRoutes(staff, core, {
    path: "/admin/home-videos",
    answer: videoAnswer,
    present: presentVideo,
    body: videoBody,
    input: videoInput,
    list: listHomeVideosForStaff,
    add: addHomeVideo,
    reorder: reorderHomeVideos,
    update: updateHomeVideo,
    remove: deleteHomeVideo,
    described: {
      list: ["listHomeVideos", "The home page's videos in order, shown or not"],
      add: ["addHomeVideo", "Adds a video at the end (a YouTube address: watch, youtu.be or shorts)"],
      reorder: ["orderHomeVideos", "Puts the videos in the order of ids, each named once"],
      update: ["updateHomeVideo", "Changes a video, or shows or hides it"],
      remove: ["deleteHomeVideo", "Deletes a video; 404 when it is already gone"],
    },
  });
}
