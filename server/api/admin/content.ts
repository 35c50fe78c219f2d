// The Content screens through the staff API (decision 0067): blog posts, announcements, home page
// sections and videos, and the policy pages' text, all under the content permission (owners,
// managers, the catalogue team). Core checks every field; each resource's file gives the shapes
// (and the OpenAPI document) and refuses oversized text early.
import type { FastifyInstance } from "fastify";
import type { CoreContext } from "../../../core/context";
import { mediaStorage } from "../../../core/media/storage";
import type { AppConfig } from "../../config";
import { announcementRoutes } from "./content-announcements";
import { blogPostRoutes } from "./content-blog";
import { homeSectionRoutes } from "./content-home-sections";
import { homeVideoRoutes } from "./content-home-videos";
import { policyPageRoutes } from "./content-policy-pages";
import { staffRoutes } from "./staff-routes";

export async function adminContentRoutes(
  app: FastifyInstance,
  { core, config }: { core: CoreContext; config?: AppConfig },
) {
  // an uploaded picture replaced, cleared or deleted with its row: its files go (decision 0066)
  const storage = config ? mediaStorage(config) : undefined;
  const staff = staffRoutes(app, core, "content");
  blogPostRoutes(staff, core, storage);
  announcementRoutes(staff, core);
  homeSectionRoutes(staff, core);
  homeVideoRoutes(staff, core);
  policyPageRoutes(staff, core);
}
