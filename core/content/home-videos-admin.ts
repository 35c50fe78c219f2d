// The home page's videos for staff (decision 0067): add, change, delete and order them. Only a
// YouTube address is taken, since the storefront plays only what it finds a YouTube id in. Every
// write is audited in its transaction and clears the read and page caches.
import { asc, eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { homepageVideos } from "../../db/schema";
import { changedFields } from "../shared/audit";
import { invalid, notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { CONTENT_LIMITS as L } from "./content-limits";
import { flag, lineText, longText } from "./content-input";
import { deleteFromList, endOf, reorderList, type HomeList } from "./home-lists";
import { youTubeId } from "./video-url";

export interface StaffHomeVideo {
  id: number;
  title: string;
  description: string;
  videoUrl: string;
  isActive: boolean;
  position: number;
}

const videoColumns = {
  id: homepageVideos.id,
  title: homepageVideos.title,
  description: homepageVideos.description,
  videoUrl: homepageVideos.videoUrl,
  isActive: homepageVideos.isActive,
  position: homepageVideos.position,
};

const VIDEOS: HomeList<typeof homepageVideos> = {
  table: homepageVideos,
  noun: "video",
  entityType: "home_video",
  missing: "Video not found",
};

type VideoInput = { title?: unknown; description?: unknown; videoUrl?: unknown; isActive?: unknown };

function videoValues(input: VideoInput, creating: boolean) {
  const v: { title?: string; description?: string; videoUrl?: string; isActive?: boolean } = {};
  if (creating || input.title !== undefined) v.title = lineText("title", input.title, L.videoTitle, true);
  if (input.description !== undefined) v.description = longText("description", input.description, L.videoDescription);
  if (creating || input.videoUrl !== undefined) {
    const url = lineText("video_url", input.videoUrl, L.videoUrl, true);
    // the storefront plays only what it finds a YouTube id in (VideoCarousel, video-url.ts)
    if (youTubeId(url) === null) {
      throw invalid("video_url must be a YouTube address (youtube.com/watch?v=…, youtu.be/…, or /shorts/…)");
    }
    v.videoUrl = url;
  }
  if (input.isActive !== undefined) v.isActive = flag("is_active", input.isActive);
  return v;
}

export async function listHomeVideosForStaff(ctx: CoreContext, actor: StaffActor): Promise<StaffHomeVideo[]> {
  requirePermission(actor, "content");
  return ctx.db.select(videoColumns).from(homepageVideos).orderBy(asc(homepageVideos.position), asc(homepageVideos.id));
}

export async function addHomeVideo(ctx: CoreContext, actor: StaffActor, input: VideoInput): Promise<StaffHomeVideo> {
  return staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const values = videoValues(input, true);
    const [row] = await tx
      .insert(homepageVideos)
      .values({ ...(values as { title: string; videoUrl: string }), position: await endOf(tx, homepageVideos) })
      .returning(videoColumns);
    await audit({
      action: "home_video.create",
      entityType: "home_video",
      entityId: row!.id,
      changes: { title: row!.title, video_url: row!.videoUrl },
    });
    return row!;
  });
}

export async function updateHomeVideo(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  input: VideoInput,
): Promise<StaffHomeVideo> {
  return staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const values = videoValues(input, false);
    const [current] = await tx.select(videoColumns).from(homepageVideos).where(eq(homepageVideos.id, id)).for("update");
    if (!current) throw notFound(VIDEOS.missing);
    const changes = changedFields(current, values, ["title", "description", "videoUrl", "isActive"]);
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx.update(homepageVideos).set(values).where(eq(homepageVideos.id, id)).returning(videoColumns);
    await audit({ action: "home_video.update", entityType: "home_video", entityId: id, changes });
    return row!;
  });
}

export const deleteHomeVideo = (ctx: CoreContext, actor: StaffActor, id: number) =>
  deleteFromList(ctx, actor, VIDEOS, id, (gone) => ({ title: gone.title, video_url: gone.videoUrl }));

export async function reorderHomeVideos(ctx: CoreContext, actor: StaffActor, ids: unknown): Promise<StaffHomeVideo[]> {
  await reorderList(ctx, actor, VIDEOS, ids);
  return listHomeVideosForStaff(ctx, actor);
}
