// Terms & Conditions (spec §2 Static pages): the rules of buying from the store, in plain words.
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
import type { Route } from "./+types/terms";

export const headers = publicPageHeaders;

// the text staff stored in the console, when there is one (decision 0067)
export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadPolicyPage(context.core, "terms", localeOfPath(new URL(request.url).pathname), context.config.publicUrl);

export function meta({ matches, data, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${data?.stored?.title ?? t("Terms & Conditions")} | ${shell?.siteName ?? ""}`,
    description: t(
      "The terms of shopping with us: orders, prices in rupees, cash on delivery, delivery times, exchanges, accounts and reviews.",
    ),
    path: "/terms",
    locale: t.locale,
  });
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  const t = useT();
  return (
    <PolicyPage
      data={loaderData}
      title={t("Terms & Conditions")}
      eyebrow={t("The legal part, in plain words")}
      path="/terms"
      shippedUpdated={POLICIES_UPDATED}
      shipped={<ShippedTermsPage shell={shell} />}
    />
  );
}

/** The text the store ships with (also the console's starting text: app/lib/policy-page.server.ts). */
export function ShippedTermsPage({ shell }: { shell: ShellData | undefined }) {
  const name = shell?.siteName ?? "the store";
  return (
    <StaticPage
      title="Terms & Conditions"
      eyebrow="The legal part, in plain words"
      path="/terms"
      updated={POLICIES_UPDATED}
      intro={
        <p>
          These terms apply when you use this website or buy from {name}. By placing an order or creating an account you
          agree to them. Please read them together with our <Link to="/privacy">Privacy Policy</Link> and our{" "}
          <Link to="/refund-policy">Return &amp; Exchange Policy</Link>.
        </p>
      }
    >
      <h2>1. Who we are</h2>
      <p>
        This website is run by {name}, an online clothing and lingerie store based in Pakistan. &quot;We&quot;,
        &quot;us&quot; and &quot;our&quot; mean {name}; &quot;you&quot; means the person using the website or placing an
        order. Our contact details are at the end of this page.
      </p>

      <h2>2. Using the website</h2>
      <ul>
        <li>
          You may browse and buy as a guest. An account is optional; it keeps your profile, wishlist and order history.
        </li>
        <li>You must be at least 18 years old to place an order or create an account.</li>
        <li>
          Keep your password to yourself. You are responsible for what is done with your account until you sign out or
          tell us it has been misused. We store passwords only in a scrambled (hashed) form and can never see them.
        </li>
        <li>
          Do not misuse the website: no attempts to break in, overload it, copy the catalogue in bulk, or place fake
          orders. We may block accounts, addresses or orders that do.
        </li>
      </ul>

      <h2>3. Products, colours and sizes</h2>
      <p>
        We describe and photograph every product as accurately as we can. Colours can look slightly different on
        different screens, and handmade details such as embroidery can vary a little from piece to piece. Check the size
        guide and the product details before you order; if something is not right, you can exchange it under our{" "}
        <Link to="/refund-policy">Return &amp; Exchange Policy</Link>.
      </p>

      <h2>4. Prices</h2>
      <ul>
        <li>
          All prices are in Pakistani rupees (Rs.) and include tax. A struck-through price shows the usual price for
          comparison.
        </li>
        <li>
          Shipping is added at checkout and shown before you confirm. It is free for orders at or above our
          free-shipping amount.
        </li>
        <li>
          Our system always calculates the final total from the current prices. If a price changed while the item was in
          your cart, we show you the new total before the order is placed; you are never charged a price you did not
          see.
        </li>
        <li>
          Promo codes have their own conditions (minimum amount, dates, number of uses) and cannot be exchanged for
          cash.
        </li>
      </ul>

      <h2>5. Orders</h2>
      <ul>
        <li>
          When you place an order you receive a tracking ID. This confirms that we received your order; it is not yet a
          promise that we can fulfil it.
        </li>
        <li>
          For cash on delivery orders we may call or message you on the phone number you gave to confirm the order and
          the address before we dispatch it. If we cannot reach you, we may hold or cancel the order.
        </li>
        <li>
          We may cancel an order if an item has sold out, if a price was clearly wrong, or if the order looks
          fraudulent. We will tell you if we do. Since you pay on delivery, no money is taken for a cancelled order.
        </li>
      </ul>

      <h2>6. Payment: cash on delivery</h2>
      <p>
        Payment is by cash on delivery only. You pay the courier in cash, in rupees, when your parcel arrives. Please
        keep the exact amount ready; couriers may not carry change. Refusing a parcel without good reason, or
        repeatedly, may lead us to refuse cash on delivery orders from the same phone number or address.
      </p>
      <p>
        Some of our products are also sold on the Daraz marketplace. An order placed on Daraz is a contract with
        Daraz&apos;s rules for payment, delivery and returns, not these terms.
      </p>

      <h2>7. Delivery</h2>
      <ul>
        <li>
          We deliver across Pakistan, usually within 3 to 5 business days after dispatch, and to a few countries listed
          at checkout.
        </li>
        <li>
          Delivery times are estimates. Weather, public holidays, strikes or courier delays can make a parcel late; we
          will help you follow it up.
        </li>
        <li>Please give a complete address and a phone number that the courier can reach.</li>
        <li>
          You can follow your parcel on the <Link to="/track">Track Your Order</Link> page with your tracking ID.
        </li>
      </ul>

      <h2>8. Exchanges and no refunds</h2>
      <p>
        We do not give refunds. You can exchange an item within 7 days of delivery if it is unworn, with its tags and
        packaging, and with proof of purchase. Panties and sets that contain panties cannot be exchanged. You pay the
        courier one way. The full rules are in our <Link to="/refund-policy">Return &amp; Exchange Policy</Link>.
        Nothing in these terms takes away rights you have under Pakistani consumer protection law for items that are
        faulty or not as described.
      </p>

      <h2>9. Reviews and what you post</h2>
      <p>
        You can review products, as a guest under a name you type or while signed in. Reviews must be honest and about
        the product. Do not post anything unlawful, abusive, misleading, private information about others, or
        advertising. By posting a review you allow us to show it on this website. We may remove reviews that break these
        rules.
      </p>

      <h2>10. Our content</h2>
      <p>
        The photos, texts, designs and logo on this website belong to {name} or are used with permission. You may share
        links to our pages, but you may not copy our content for commercial use without our written permission.
      </p>

      <h2>11. Our responsibility</h2>
      <p>
        We do our best to keep the website available and correct, but it may sometimes be unavailable or contain
        mistakes, which we fix as soon as we can. As far as the law allows, our responsibility for an order is limited
        to the value of that order. We are not responsible for delays or failures caused by events outside our
        reasonable control.
      </p>

      <h2>12. Changes to these terms</h2>
      <p>
        We may update these terms, for example when we add a service or the law changes. The date at the top shows the
        latest version. The terms that applied when you placed an order continue to apply to that order.
      </p>

      <h2>13. Law and disputes</h2>
      <p>
        These terms are governed by the laws of Pakistan. If you have a problem, please contact us first; most issues
        are solved quickly. If we cannot agree, the courts of Pakistan will decide.
      </p>

      <h2>14. Contact us</h2>
      {shell ? <ContactDetails shell={shell} /> : <p>Use the chat button on any page.</p>}
    </StaticPage>
  );
}
