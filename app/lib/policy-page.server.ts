// The stored text of a policy page (decision 0067), for its route's loader: null when the page
// shows the text the store ships with. A failed read shows the shipped text rather than an error.
import type { CoreContext } from "../../core/context";
import { getPolicyPage } from "../../core/content/policy-pages";
import type { PolicyPageSlug } from "../../core/content/policy-pages";

export interface StoredPolicy {
  title: string;
  html: string;
  /** the day it was saved, in Pakistan time: YYYY-MM-DD */
  updated: string;
}

export async function loadPolicyPage(
  core: CoreContext,
  slug: PolicyPageSlug,
): Promise<{ stored: StoredPolicy | null }> {
  const page = await getPolicyPage(core, slug).catch((error: unknown) => {
    console.error(error);
    return null;
  });
  if (!page) return { stored: null };
  const karachi = new Date(page.updatedAt.getTime() + 5 * 3_600_000);
  return { stored: { title: page.title, html: page.content, updated: karachi.toISOString().slice(0, 10) } };
}
