// Privacy Policy (spec §2 Static pages): what the store keeps about shoppers, why, for how long,
// and their rights, written in plain words and following Pakistan's personal data protection
// principles.
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
import type { Route } from "./+types/privacy";

export const headers = publicPageHeaders;

// the text staff stored in the console, when there is one (decision 0067)
export const loader = ({ context, request }: Route.LoaderArgs) =>
  loadPolicyPage(context.core, "privacy", localeOfPath(new URL(request.url).pathname), context.config.publicUrl);

export function meta({ matches, data, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: `${data?.stored?.title ?? t("Privacy Policy")} | ${shell?.siteName ?? ""}`,
    description: t(
      "What personal data we collect when you shop with us, why we need it, who we share it with, how long we keep it and your rights.",
    ),
    path: "/privacy",
    locale: t.locale,
  });
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData("root") as ShellData | undefined;
  const t = useT();
  return (
    <PolicyPage
      data={loaderData}
      title={t("Privacy Policy")}
      eyebrow={t("Your data")}
      path="/privacy"
      shippedUpdated={POLICIES_UPDATED}
      shipped={<ShippedPrivacyPage shell={shell} />}
    />
  );
}

/** The text the store ships with (also the console's starting text: app/lib/policy-page.server.ts). */
export function ShippedPrivacyPage({ shell }: { shell: ShellData | undefined }) {
  const name = shell?.siteName ?? "the store";
  return (
    <StaticPage
      title="Privacy Policy"
      eyebrow="Your data"
      path="/privacy"
      updated={POLICIES_UPDATED}
      intro={
        <p>
          This policy explains what personal data {name} collects when you visit this website or shop with us, why we
          need it, who we share it with and what you can ask us to do with it. We collect as little as we can and never
          sell it.
        </p>
      }
    >
      <h2>1. Our approach</h2>
      <p>
        We handle personal data according to the principles of Pakistan&apos;s personal data protection framework, the
        Personal Data Protection Bill, and the Prevention of Electronic Crimes Act, 2016: we tell you what we collect
        and why, use it only for that purpose, keep it no longer than needed, protect it, and let you see, correct or
        delete it. By using the website and placing orders you consent to the uses described here.
      </p>

      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>When you order:</strong> your first and last name, email, phone number, delivery address, city, postal
          code and country, the items you bought and the promo code you used.
        </li>
        <li>
          <strong>When you create an account:</strong> your name, email and password (stored only in a scrambled, hashed
          form we cannot read), and if you add them, a username and phone number. We also keep your wishlist and your
          order history.
        </li>
        <li>
          <strong>When you write a review:</strong> the name you type, your rating and your text, which are shown
          publicly on the product page.
        </li>
        <li>
          <strong>When you contact us</strong> on WhatsApp, by phone or email: your messages and the details you give
          us.
        </li>
        <li>
          <strong>Technical data:</strong> your IP address and browser type in our server logs, used to keep the website
          secure (for example to stop repeated failed sign-ins) and to fix errors.
        </li>
      </ul>
      <p>We do not collect card or bank details: payment is by cash on delivery only.</p>

      <h2>3. Storage in your browser</h2>
      <p>
        We do not use advertising or tracking cookies. The website keeps a few items in your browser&apos;s local
        storage so it works without signing in every time: your cart (<code>cart</code>), a random cart session number (
        <code>sessionId</code>), and, when you sign in, your sign-in token (<code>userToken</code>) and basic profile (
        <code>user</code>). Signing out removes the sign-in token and profile, and makes the token useless on our side
        too. If you switch the shop&apos;s language, one cookie (<code>lang</code>) remembers your choice for a year, so
        the home page opens in it. You can clear all of it in your browser settings.
      </p>

      <h2>4. Why we use your data</h2>
      <ul>
        <li>
          To take, confirm, deliver and follow up your order, including calling you to confirm a cash on delivery order.
        </li>
        <li>To run your account: sign-in, profile, wishlist and order history.</li>
        <li>To handle exchanges and answer your questions.</li>
        <li>To protect the store and our customers against fraud and misuse.</li>
        <li>To keep the accounting and tax records the law requires.</li>
        <li>
          To send you offers, only if you asked for them (for example by subscribing to our newsletter). You can stop
          them at any time.
        </li>
      </ul>

      <h2>5. Who we share it with</h2>
      <p>We never sell or rent your personal data. We share only what each party needs:</p>
      <ul>
        <li>
          <strong>Courier companies</strong> receive your name, phone number, address and the amount to collect, to
          deliver your parcel.
        </li>
        <li>
          <strong>Service providers</strong> that host our website and database, and our messaging app for customer
          service, process data for us under our instructions.
        </li>
        <li>
          <strong>Authorities</strong>, when Pakistani law requires it, for example a lawful request from a court or a
          tax authority.
        </li>
      </ul>
      <p>
        If you buy through the Daraz marketplace, Daraz handles that order under its own privacy policy. Our website may
        link to social networks and video platforms; they have their own policies when you visit them.
      </p>

      <h2>6. How long we keep it</h2>
      <ul>
        <li>Orders and invoices: as long as tax and accounting law requires, then deleted.</li>
        <li>Your account, wishlist and profile: until you ask us to delete your account.</li>
        <li>Server logs: a few weeks, unless needed to investigate misuse.</li>
        <li>A cart that is not turned into an order is cleared after some time.</li>
      </ul>

      <h2>7. How we protect it</h2>
      <p>
        The website is served over an encrypted connection. Passwords are hashed with a modern algorithm and sign-in
        tokens are stored only in hashed form, so they cannot be read even from our own database. Access to customer
        data is limited to staff who need it to serve you. No system is perfectly secure; if a breach ever puts your
        data at risk, we will tell you and the relevant authorities without delay.
      </p>

      <h2>8. Your rights</h2>
      <ul>
        <li>
          <strong>See</strong> the personal data we hold about you: your profile and orders are on your{" "}
          <Link to="/account">account</Link> page, and you can ask us for the rest.
        </li>
        <li>
          <strong>Correct</strong> it: edit your profile on your account page, or ask us to fix an order&apos;s details
          before it ships.
        </li>
        <li>
          <strong>Delete</strong> it: ask us to delete your account. We remove your profile and wishlist and keep only
          the order records the law requires.
        </li>
        <li>
          <strong>Withdraw consent</strong> to marketing messages at any time.
        </li>
      </ul>
      <p>Write to us with the email address of your account; we answer within 30 days.</p>

      <h2>9. Children</h2>
      <p>This website is meant for adults. We do not knowingly collect data from anyone under 18.</p>

      <h2>10. Changes to this policy</h2>
      <p>
        We may update this policy when our services or the law change. The date at the top shows the latest version; for
        important changes we will also tell account holders by email.
      </p>

      <h2>11. Contact us</h2>
      {shell ? <ContactDetails shell={shell} /> : <p>Use the chat button on any page.</p>}
      <p>
        See also our <Link to="/terms">Terms &amp; Conditions</Link>.
      </p>
    </StaticPage>
  );
}
