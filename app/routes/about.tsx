// About us (spec §2 Static pages): who we are and the store's contact details from the settings.
import { Link, useRouteLoaderData } from "react-router";
import { ContactDetails } from "../components/ContactDetails";
import { PolicyPage } from "../components/PolicyPage";
import { StaticPage } from "../components/StaticPage";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import { loadPolicyPage } from "../lib/policy-page.server";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/about";

export const headers = publicPageHeaders;

// the text staff stored in the console, when there is one (decision 0067)
export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadPolicyPage(context.core, "about", localeOfPath(new URL(request.url).pathname), context.config.publicUrl);

export function meta({ matches, data, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  const name = shell?.siteName ?? "";
  return pageMeta(shell?.seo, {
    title: `${data?.stored?.title ?? t("About Us")} | ${name}`,
    description: t(
      "{name} is a Pakistani clothing and lingerie store: lawn, kurtis, formal wear, nightwear and lingerie, delivered across Pakistan with cash on delivery.",
      { name },
    ),
    path: "/about",
    locale: t.locale,
  });
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  const t = useT();
  return (
    <PolicyPage
      data={loaderData}
      title={t("About Us")}
      eyebrow={t("Our story")}
      path="/about"
      shipped={<ShippedAboutPage shell={shell} />}
    />
  );
}

/** The text the store ships with (also the console's starting text: app/lib/policy-page.server.ts). */
export function ShippedAboutPage({ shell }: { shell: ShellData | undefined }) {
  const name = shell?.siteName ?? "We";
  return (
    <StaticPage
      title="About Us"
      eyebrow="Our story"
      path="/about"
      intro={
        <p>
          {name} brings everyday clothing, occasion wear and lingerie to women across Pakistan, priced in rupees and
          paid for at your door.
        </p>
      }
    >
      <h2>Who we are</h2>
      <p>
        {name} is an online store for women in Pakistan. We sell lawn and cotton suits, kurtis, formal and
        wedding-season wear, nightwear and lingerie. Every piece is chosen for fabric that suits our climate, honest
        sizing and fair prices.
      </p>
      <h2>How we work</h2>
      <ul>
        <li>
          <strong>Cash on delivery.</strong> You pay the courier in cash when your parcel arrives. No card is needed to
          order.
        </li>
        <li>
          <strong>Delivery across Pakistan</strong> in 3 to 5 business days, and to a few countries abroad. Orders above
          our free-shipping amount travel free; the cart shows how close you are.
        </li>
        <li>
          <strong>Exchanges within 7 days</strong> of delivery. Read our{" "}
          <Link to="/refund-policy">Return &amp; Exchange policy</Link> for the details.
        </li>
        <li>
          <strong>Real reviews.</strong> Shoppers can review every product, so you know how a fabric feels and a size
          fits before you buy.
        </li>
      </ul>
      <h2>Contact us</h2>
      <p>Questions about a size, a fabric or an order? Our team is happy to help.</p>
      {shell && <ContactDetails shell={shell} />}
      <p>
        You can also follow your parcel at any time on the <Link to="/track">Track Your Order</Link> page with the
        tracking ID from your order confirmation.
      </p>
    </StaticPage>
  );
}
