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
import { idParams } from "../http";
import { answerOf, answers } from "../answers";
import { bool, deletedAnswer, orderBody, text } from "./content-fields";
import type { StaffRoutes } from "./staff-routes";

const presentAnnouncement = (a: StaffAnnouncement) => ({
  id: a.id,
  content: a.content,
  is_active: a.isActive,
  position: a.position,
});

const announcementAnswer = answerOf<ReturnType<typeof presentAnnouncement>>()(
  z.object({
    id: z.number(),
    content: z.string(),
    is_active: z.boolean(),
    position: z.number(),
  }),
);

const announcementBody = z.object({
  content: text("content", L.announcement).optional(),
  is_active: bool("is_active").optional(),
});

const announcementInput = (b: z.infer<typeof announcementBody>) => ({ content: b.content, isActive: b.is_active });

export function announcementRoutes(staff: StaffRoutes, core: CoreContext) {
  staff.get(
    "/admin/announcements",
    {
      operationId: "listStaffAnnouncements",
      summary: "Every announcement of the bar at the top of the storefront, in order, shown or not",
      response: answers({ 200: z.array(announcementAnswer) }),
    },
    async (actor) => (await listAnnouncementsForStaff(core, actor)).map(presentAnnouncement),
  );

  staff.post(
    "/admin/announcements",
    {
      operationId: "addAnnouncement",
      summary: "Adds an announcement at the end of the bar (shown unless is_active is false)",
      response: answers({ 201: announcementAnswer }),
      body: announcementBody,
    },
    async (actor, { body }, reply) =>
      reply.status(201).send(presentAnnouncement(await addAnnouncement(core, actor, announcementInput(body)))),
  );

  staff.put(
    "/admin/announcements/order",
    {
      operationId: "orderAnnouncements",
      summary: "Puts the announcements in the order of ids, each named once",
      response: answers({ 200: z.array(announcementAnswer) }, 409),
      body: orderBody,
    },
    async (actor, { body }) => (await reorderAnnouncements(core, actor, body.ids)).map(presentAnnouncement),
  );

  staff.patch(
    "/admin/announcements/:id",
    {
      operationId: "updateAnnouncement",
      summary: "Changes an announcement's words, or shows or hides it (is_active)",
      response: answers({ 200: announcementAnswer }, 404),
      params: idParams,
      body: announcementBody,
    },
    async (actor, { params, body }) =>
      presentAnnouncement(await updateAnnouncement(core, actor, params.id, announcementInput(body))),
  );

  staff.delete(
    "/admin/announcements/:id",
    {
      operationId: "deleteAnnouncement",
      summary: "Deletes an announcement; 404 when it is already gone",
      response: answers({ 200: deletedAnswer }, 404),
      params: idParams,
    },
    async (actor, { params }) => deleteAnnouncement(core, actor, params.id),
  );
}
