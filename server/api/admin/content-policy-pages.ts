// The policy pages' text through the staff API (decision 0067): the four pages, each stored or
// showing the text the store ships with; saving a page's text, or dropping it to go back.
import { z } from "zod";
import { CONTENT_LIMITS as L } from "../../../core/content/content-limits";
import {
  getPolicyPageForStaff,
  listPolicyPagesForStaff,
  POLICY_PAGE_SLUGS,
  resetPolicyPage,
  savePolicyPage,
  type StaffPolicyPage,
} from "../../../core/content/policy-pages";
import type { CoreContext } from "../../../core/context";
import { answerOf, answers, moment } from "../answers";
import { htmlContent, text, urduHtmlContent, urduText } from "./content-fields";
import type { StaffRoutes } from "./staff-routes";

const presentPolicy = (p: StaffPolicyPage) => ({
  slug: p.slug,
  title: p.title,
  content: p.content,
  title_ur: p.titleUr,
  content_ur: p.contentUr,
  stored: p.stored,
  updated_at: p.updatedAt,
});

const policyAnswer = answerOf<ReturnType<typeof presentPolicy>>()(
  z.object({
    slug: z.enum(POLICY_PAGE_SLUGS),
    title: z.string(),
    content: z.string(),
    title_ur: z.string().nullable(),
    content_ur: z.string().nullable(),
    stored: z.boolean(),
    updated_at: moment.nullable(),
  }),
);

const slugParams = z.object({
  slug: z
    .string()
    .max(40)
    .refine((s) => (POLICY_PAGE_SLUGS as readonly string[]).includes(s), {
      message: `slug must be one of: ${POLICY_PAGE_SLUGS.join(", ")}`,
    }),
});

export function policyPageRoutes(staff: StaffRoutes, core: CoreContext) {
  staff.get(
    "/admin/policy-pages",
    {
      operationId: "listPolicyPages",
      summary: "The four policy pages: stored false means the page shows the text the store ships with",
      response: answers({ 200: z.array(policyAnswer) }),
    },
    async (actor) => (await listPolicyPagesForStaff(core, actor)).map(presentPolicy),
  );

  staff.get(
    "/admin/policy-pages/:slug",
    {
      operationId: "getPolicyPage",
      summary: "One policy page's stored text",
      response: answers({ 200: policyAnswer }),
      params: slugParams,
    },
    async (actor, { params }) => presentPolicy(await getPolicyPageForStaff(core, actor, params.slug)),
  );

  staff.put(
    "/admin/policy-pages/:slug",
    {
      operationId: "savePolicyPage",
      summary:
        "Stores a policy page's text (HTML, cleaned before it is stored); the page and the sitemap show it at once, dated today",
      response: answers({ 200: policyAnswer }),
      params: slugParams,
      body: z.object({
        title: text("title", L.title).optional(),
        content: htmlContent,
        title_ur: urduText("title_ur", L.title),
        content_ur: urduHtmlContent,
      }),
    },
    async (actor, { params, body }) =>
      presentPolicy(
        await savePolicyPage(core, actor, params.slug, {
          title: body.title,
          content: body.content,
          titleUr: body.title_ur,
          contentUr: body.content_ur,
        }),
      ),
  );

  staff.delete(
    "/admin/policy-pages/:slug",
    {
      operationId: "resetPolicyPage",
      summary: "Drops the stored text: the page shows the text the store ships with again",
      response: answers({ 200: policyAnswer }),
      params: slugParams,
    },
    async (actor, { params }) => presentPolicy(await resetPolicyPage(core, actor, params.slug)),
  );
}
