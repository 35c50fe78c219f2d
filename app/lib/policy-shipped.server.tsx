// The text a policy page ships with, as cleaned HTML: the console's editor starts from it when
// the page has no stored text yet (decision 0067), so staff change the store's words rather
// than retype them. Rendered from the storefront's own components, with this store's details.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { CoreContext } from "../../core/context";
import { cleanHtml } from "../../core/shared/sanitize";
import type { PolicyPageSlug } from "../../core/content/policy-pages";
import { PolicyTextOnly } from "../components/StaticPage";
import { ShippedAboutPage } from "../routes/about";
import { ShippedPrivacyPage } from "../routes/privacy";
import { ShippedRefundPolicyPage } from "../routes/refund-policy";
import { ShippedTermsPage } from "../routes/terms";
import { loadShell } from "./shell.server";

const SHIPPED = {
  terms: ShippedTermsPage,
  privacy: ShippedPrivacyPage,
  "refund-policy": ShippedRefundPolicyPage,
  about: ShippedAboutPage,
} as const;

export async function shippedPolicyHtml(core: CoreContext, publicUrl: string, slug: PolicyPageSlug): Promise<string> {
  const shell = await loadShell(core, publicUrl);
  const Page = SHIPPED[slug];
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <PolicyTextOnly.Provider value={true}>
        <Page shell={shell} />
      </PolicyTextOnly.Provider>
    </MemoryRouter>,
  );
  return cleanHtml(html);
}
