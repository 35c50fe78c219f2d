// Return and exchange policy (spec §2 Static pages): no refunds; exchanges within 7 days of
// delivery, unworn, with tags, packaging and proof of purchase; no exchange of panties or sets
// with panties; the customer pays the courier one way.
import { Link, useRouteLoaderData } from "react-router";
import { ContactDetails } from "../components/ContactDetails";
import { PolicyPage } from "../components/PolicyPage";
import { StaticPage } from "../components/StaticPage";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import { loadPolicyPage } from "../lib/policy-page.server";
import { POLICIES_UPDATED } from "../lib/policies";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/refund-policy";

export const headers = publicPageHeaders;

// the text staff stored in the console, when there is one (decision 0067)
export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadPolicyPage(context.core, "refund-policy", localeOfPath(new URL(request.url).pathname), context.config.publicUrl);

export function meta({ matches, data, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${data?.stored?.title ?? t("Return & Exchange Policy")} | ${shell?.siteName ?? ""}`,
    description: t(
      "No refunds. Exchange within 7 days of delivery: unworn, with tags, packaging and proof of purchase. Panties and sets with panties cannot be exchanged.",
    ),
    path: "/refund-policy",
    locale: t.locale,
  });
}

export default function RefundPolicyPage({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  const t = useT();
  return (
    <PolicyPage
      data={loaderData}
      title={t("Return & Exchange Policy")}
      eyebrow={t("Customer service")}
      path="/refund-policy"
      shippedUpdated={POLICIES_UPDATED}
      shipped={<ShippedRefundPolicyPage shell={shell} />}
    />
  );
}

/** The text the store ships with (also the console's starting text: app/lib/policy-page.server.ts). */
export function ShippedRefundPolicyPage({ shell }: { shell: ShellData | undefined }) {
  return (
    <StaticPage
      title="Return & Exchange Policy"
      eyebrow="Customer service"
      path="/refund-policy"
      updated={POLICIES_UPDATED}
      intro={
        <p>We want you to love what you ordered. If a size or colour is not right, you can exchange it. Here is how.</p>
      }
    >
      <h2>In short</h2>
      <ul>
        <li>
          <strong>No refunds.</strong> We do not return money for an order. We exchange items instead.
        </li>
        <li>
          <strong>Exchange within 7 days of delivery.</strong>
        </li>
        <li>
          The item must be <strong>unworn and unwashed</strong>, with its <strong>original tags and packaging</strong>,
          and you need <strong>proof of purchase</strong>.
        </li>
        <li>
          <strong>Panties, and any set that contains panties, cannot be exchanged</strong>, for hygiene reasons.
        </li>
        <li>
          <strong>You pay the courier one way:</strong> the cost of sending the item back to us.
        </li>
      </ul>

      <h2>What you can exchange</h2>
      <p>
        You can exchange an item for another size, another colour or another product within{" "}
        <strong>7 days of the day it was delivered</strong>. To be accepted, the item must:
      </p>
      <ul>
        <li>be unworn, unwashed and unaltered, without perfume, makeup or deodorant marks;</li>
        <li>have all its original tags still attached;</li>
        <li>come back in its original packaging, with anything that came with it (dupatta, belt, pouch, hanger);</li>
        <li>
          come with proof of purchase: your order&apos;s tracking ID, the order confirmation or the invoice in the
          parcel.
        </li>
      </ul>

      <h2>What you cannot exchange</h2>
      <ul>
        <li>Panties, and any set that contains panties (for example bra and panty sets), for hygiene reasons.</li>
        <li>Items that are worn, washed, damaged after delivery, or without their tags or packaging.</li>
        <li>Items delivered more than 7 days before you contact us.</li>
      </ul>

      <h2>No refunds</h2>
      <p>
        We do not give refunds, in cash or to any account. When an exchange is accepted you receive another item
        instead. If the new item costs more, you pay the difference in cash on delivery; if it costs less, we tell you
        your options before we send it, such as choosing a second item to make up the value.
      </p>

      <h2>How to ask for an exchange</h2>
      <ol>
        <li>
          Contact us within 7 days of delivery on WhatsApp or by email with your <strong>tracking ID</strong>, the item
          you want to exchange and what you would like instead.
        </li>
        <li>We confirm that the exchange is accepted and give you the address to send the item to.</li>
        <li>
          Send the item back with a courier of your choice. <strong>You pay this courier charge</strong> (the one-way
          cost of sending it to us).
        </li>
        <li>
          When the item reaches us and passes our check, we send the new item to you. We pay for that delivery. It
          usually arrives in 3 to 5 business days.
        </li>
      </ol>
      <p>Exchanges depend on stock. If the item you want has sold out, we will help you choose another.</p>

      <h2>Wrong or damaged items</h2>
      <p>
        If we sent you the wrong item, or it arrived damaged or with a fault, tell us within 48 hours of delivery with
        photos of the item and the parcel. We will put it right and pay the courier both ways. Please check your parcel
        when the rider hands it over.
      </p>

      <h2>Orders paid through Daraz</h2>
      <p>
        If you bought one of our products through the Daraz marketplace, Daraz&apos;s own return rules apply to that
        order.
      </p>

      <h2>Contact us</h2>
      {shell && <ContactDetails shell={shell} />}
      <p>
        See also our <Link to="/terms">Terms &amp; Conditions</Link> and <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </StaticPage>
  );
}
