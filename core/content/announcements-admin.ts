// The storefront's announcement bar for staff (decision 0067): add, change, delete and order its
// lines. Every write is audited in its transaction and clears the read and page caches, so the
// bar shows the change at once.
import { asc, eq } from "drizzle-orm";
import type { CoreContext } from "../context";
import { announcements } from "../../db/schema";
import { changedFields } from "../shared/audit";
import { notFound } from "../shared/errors";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";
import { urduOrNull } from "../shared/localised-text";
import { CONTENT_LIMITS as L } from "./content-limits";
import { flag, lineText } from "./content-input";
import { deleteFromList, endOf, reorderList, type HomeList } from "./home-lists";

export interface StaffAnnouncement {
  id: number;
  content: string;
  /** the line in Urdu (decision 0111); null: the Urdu bar shows the English */
  contentUr: string | null;
  isActive: boolean;
  position: number;
}

const announcementColumns = {
  id: announcements.id,
  content: announcements.content,
  contentUr: announcements.contentUr,
  isActive: announcements.isActive,
  position: announcements.position,
};

const BAR: HomeList<typeof announcements> = {
  table: announcements,
  noun: "announcement",
  entityType: "announcement",
  missing: "Announcement not found",
};

export async function listAnnouncementsForStaff(ctx: CoreContext, actor: StaffActor): Promise<StaffAnnouncement[]> {
  requirePermission(actor, "content");
  return ctx.db
    .select(announcementColumns)
    .from(announcements)
    .orderBy(asc(announcements.position), asc(announcements.id));
}

/** Adds an announcement at the end of the bar (shown at once unless isActive is false). */
export async function addAnnouncement(
  ctx: CoreContext,
  actor: StaffActor,
  input: { content?: unknown; contentUr?: unknown; isActive?: unknown },
): Promise<StaffAnnouncement> {
  return staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const content = lineText("content", input.content, L.announcement, true);
    const contentUr = urduLine(input.contentUr) ?? null;
    const isActive = input.isActive === undefined ? true : flag("is_active", input.isActive);
    const [row] = await tx
      .insert(announcements)
      .values({ content, contentUr, isActive, position: await endOf(tx, announcements) })
      .returning(announcementColumns);
    await audit({
      action: "announcement.create",
      entityType: "announcement",
      entityId: row!.id,
      changes: { content, ...(contentUr ? { content_ur: contentUr } : {}), is_active: isActive },
    });
    return row!;
  });
}

/** Changes an announcement's words or turns it on or off. */
export async function updateAnnouncement(
  ctx: CoreContext,
  actor: StaffActor,
  id: number,
  input: { content?: unknown; contentUr?: unknown; isActive?: unknown },
): Promise<StaffAnnouncement> {
  return staffWrite(ctx, actor, "content", async ({ tx, audit }) => {
    const values: { content?: string; contentUr?: string | null; isActive?: boolean } = {};
    if (input.content !== undefined) values.content = lineText("content", input.content, L.announcement, true);
    if (input.contentUr !== undefined) values.contentUr = urduLine(input.contentUr) ?? null;
    if (input.isActive !== undefined) values.isActive = flag("is_active", input.isActive);
    const [current] = await tx
      .select(announcementColumns)
      .from(announcements)
      .where(eq(announcements.id, id))
      .for("update");
    if (!current) throw notFound(BAR.missing);
    const changes = changedFields(current, values, ["content", "contentUr", "isActive"]);
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx
      .update(announcements)
      .set(values)
      .where(eq(announcements.id, id))
      .returning(announcementColumns);
    await audit({ action: "announcement.update", entityType: "announcement", entityId: id, changes });
    return row!;
  });
}

/** The Urdu line: the English line's checks, and none when empty (decision 0111); undefined when not sent. */
function urduLine(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  return urduOrNull(lineText("content_ur", value, L.announcement)) ?? null;
}

export const deleteAnnouncement = (ctx: CoreContext, actor: StaffActor, id: number) =>
  deleteFromList(ctx, actor, BAR, id, (gone) => ({ content: gone.content }));

/** Puts the announcements in the order of ids (every one named once). */
export async function reorderAnnouncements(
  ctx: CoreContext,
  actor: StaffActor,
  ids: unknown,
): Promise<StaffAnnouncement[]> {
  await reorderList(ctx, actor, BAR, ids);
  return listAnnouncementsForStaff(ctx, actor);
}
