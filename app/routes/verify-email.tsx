// Confirming an email address (decisions 0022, 0077), from the link in the
// confirmation email. Opening the page confirms nothing: mail scanners open links, and a scanner
// at someone else's mailbox must not confirm an address for whoever signed up with it. The
// shopper taps "Confirm my email" (a plain form post, no JavaScript needed). Never cached, never
// indexed, no Referer to other sites.
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import {
  checkVerificationLink,
  verifyEmail,
  VERIFY_LINK_EXPIRED,
  VERIFY_LINK_UNKNOWN,
  VERIFY_LINK_USED,
} from "../../core/accounts/email-verification";
import { AuthLayout } from "../components/AuthLayout";
import { LinkRefused } from "../components/LinkRefused";
import { Notice } from "../components/admin/Notice";
import { authToken } from "../lib/api";
import { actionOrLoaderHeaders, LINK_PAGE_HEADERS, LINK_REFERRER_POLICY, refusal } from "../lib/private-page";
import { refreshStoredUser } from "../lib/refresh-user";
import { pageMeta } from "../lib/seo";
import { getStoredUser } from "../lib/session";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/verify-email";
import { shopperMessage } from "../lib/shopper-messages";

const REFUSED = { used: VERIFY_LINK_USED, expired: VERIFY_LINK_EXPIRED, unknown: VERIFY_LINK_UNKNOWN } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await checkVerificationLink(context.core, params.token);
  if (state === "valid") return data({ refused: null }, { headers: LINK_PAGE_HEADERS });
  return data({ refused: REFUSED[state] }, { status: state === "unknown" ? 404 : 410, headers: LINK_PAGE_HEADERS });
}

type Answer = { done: string } | { error: string };

export async function action({ params, context }: Route.ActionArgs) {
  try {
    const { detail } = await verifyEmail(context.core, { token: params.token }, { ip: context.clientIp });
    return data<Answer>({ done: detail }, { headers: LINK_PAGE_HEADERS });
  } catch (error) {
    const { status, message } = refusal(error);
    return data<Answer>({ error: message }, { status, headers: LINK_PAGE_HEADERS });
  }
}

export const headers = actionOrLoaderHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return [
    ...pageMeta(shell?.seo, {
      title: t("Confirm Your Email | {siteName}", { siteName: shell?.siteName ?? "" }),
      description: t("Confirm the email address of your account."),
      path: "/verify-email",
      noindex: true,
      locale: t.locale,
    }),
    { name: "referrer", content: LINK_REFERRER_POLICY },
  ];
}

/**
 * The browser's stored user still says "not verified" after the link was confirmed; the action
 * cannot change it (the session is a bearer token in this browser, not a cookie the server sees).
 * Ask for the account again, so My Orders, one tap away, does not show the notice this link has
 * just answered.
 */
function RefreshStoredUser() {
  useEffect(() => {
    const stored = getStoredUser();
    if (!authToken() || !stored || stored.email_verified_at !== null) return;
    void refreshStoredUser();
  }, []);
  return null;
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const answer = actionData as Answer | undefined;

  if (answer && "done" in answer) {
    return (
      <AuthLayout title={t("Email Confirmed")} intro={t("Thank you for confirming your email address.")}>
        <RefreshStoredUser />
        <Notice kind="success" className="mt-8">
          {shopperMessage(t, answer.done)}
          <span className="mt-2 block">
            {t("Orders you placed as a guest with this email now appear in My Orders.")}
          </span>
        </Notice>
        <Link to={t.path("/account?tab=orders")} className="btn-primary mt-6 w-full">
          {t("Go to My Orders")}
        </Link>
        <p className="mt-6 text-center text-sm">
          <Link to={t.path("/")} className="text-stone-600 underline underline-offset-4 hover:text-ink">
            {t("Continue shopping")}
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const refused = loaderData.refused ?? (answer && "error" in answer ? answer.error : null);
  if (refused) {
    return (
      <LinkRefused
        intro="This confirmation link cannot be used."
        message={refused}
        next={{ to: "/account", label: "Go to My Account" }}
      />
    );
  }

  return (
    <AuthLayout title={t("Confirm Your Email")} intro={t("One tap and your email address is confirmed.")}>
      <Form method="post" className="mt-8" aria-label={t("Confirm your email")}>
        <p className="text-sm text-stone-700">
          {t("Once it is confirmed, orders you placed as a guest with this email appear in My Orders.")}
        </p>
        <button type="submit" disabled={sending} className="btn-primary mt-6 w-full">
          {sending ? t("Confirming…") : t("Confirm my email")}
        </button>
      </Form>
    </AuthLayout>
  );
}
