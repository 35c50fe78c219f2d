// The announcement bar at the top of the storefront through the staff API (decision 0067):
// every announcement in order, adding, ordering, changing or hiding, and deleting one.
import { z } from "zod";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import {
  addAnnouncement,
  deleteAnnouncement,
  listAnnouncementsForStaff,
  reorderAnnouncements,
  updateAnnouncement,
  type StaffAnnouncement,
} from "../../../core/content/announcements-admin";
import type { CoreContext } from "../../../core/context";
import { answerOf } from "../answers";
import { bool, text, urduText } from "./content-fields";
import { orderedListRoutes } from "./content-lists";
import type { StaffRoutes } from "./staff-routes";

const presentAnnouncement = (a: StaffAnnouncement) => ({
  id: a.id,
  content: a.content,
  content_ur: a.contentUr,
  is_active: a.isActive,
  position: a.position,
});

const announcementAnswer = answerOf<ReturnType<typeof presentAnnouncement>>()(
  z.object({
    id: z.number(),
    content: z.string(),
    content_ur: z.string().nullable(),
    is_active: z.boolean(),
    position: z.number(),
  }),
);

const announcementBody = z.object({
  content: text("content", L.announcement).optional(),
  content_ur: urduText("content_ur", L.announcement),
  is_active: bool("is_active").optional(),
});

const announcementInput = (b: z.infer<typeof announcementBody>) => ({
  content: b.content,
  contentUr: b.content_ur,
  isActive: b.is_active,
});

export function announcementRoutes(staff: StaffRoutes, core: CoreContext) {
  orderedListRoutes(staff, core, {
    path: "/admin/announcements",
    answer: announcementAnswer,
    present: presentAnnouncement,
    body: announcementBody,
    input: announcementInput,
    list: listAnnouncementsForStaff,
    add: addAnnouncement,
    reorder: reorderAnnouncements,
    update: updateAnnouncement,
    remove: deleteAnnouncement,
    described: {
      list: [
        "listStaffAnnouncements",
        "Every announcement of the bar at the top of the storefront, in order, shown or not",
      ],
      add: ["addAnnouncement", "Adds an announcement at the end of the bar (shown unless is_active is false)"],
      reorder: ["orderAnnouncements", "Puts the announcements in the order of ids, each named once"],
      update: ["updateAnnouncement", "Changes an announcement's words, or shows or hides it (is_active)"],
      remove: ["deleteAnnouncement", "Deletes an announcement; 404 when it is already gone"],
    },
  });
}
