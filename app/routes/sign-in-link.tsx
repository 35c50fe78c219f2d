// Signing in with the link from the sign-in email (decision 0087), the way back in for a shopper
// locked out by wrong passwords. Opening the page spends nothing (mail scanners open links); the
// shopper taps "Sign me in", which spends the link through the API and keeps the session in this
// browser, as the sign-in page does (spec §3), then goes to My Account. Never cached, never
// indexed, no Referer to other sites.
import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import {
  checkSignInLink,
  SIGN_IN_LINK_EXPIRED,
  SIGN_IN_LINK_UNKNOWN,
  SIGN_IN_LINK_USED,
} from "../../core/accounts/sign-in-link";
import { AuthLayout } from "../components/AuthLayout";
import { LinkRefused } from "../components/LinkRefused";
import { ApiError, api } from "../lib/api";
import { LINK_PAGE_HEADERS, LINK_REFERRER_POLICY } from "../lib/private-page";
import { pageMeta } from "../lib/seo";
import { NETWORK_ERROR, storeSession, type SignInAnswer } from "../lib/session";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import type { ShellData } from "../lib/shell.server";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/sign-in-link";
import { shopperMessage } from "../lib/shopper-messages";

const REFUSED = { used: SIGN_IN_LINK_USED, expired: SIGN_IN_LINK_EXPIRED, unknown: SIGN_IN_LINK_UNKNOWN } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await checkSignInLink(context.core, params.token);
  if (state === "valid") return data({ refused: null }, { headers: LINK_PAGE_HEADERS });
  return data({ refused: REFUSED[state] }, { status: state === "unknown" ? 404 : 410, headers: LINK_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  // the path without the token: the link is a key and goes in no canonical or shared address
  return [
    ...pageMeta(shell?.seo, {
      title: t("Sign In With Your Link | {siteName}", { siteName: shell?.siteName ?? "" }),
      description: t("Sign in to your account with the link we emailed you."),
      path: "/sign-in-link",
      noindex: true,
      locale: t.locale,
    }),
    { name: "referrer", content: LINK_REFERRER_POLICY },
  ];
}

function Refused({ message }: { message: string }) {
  return (
    <LinkRefused
      intro="This sign-in link cannot be used."
      message={message}
      next={{ to: "/login", label: "Back to Sign In" }}
    />
  );
}

export default function SignInLinkPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const ready = useHydrated();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; gone: boolean } | null>(null);

  async function signIn() {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await api<SignInAnswer>("/users/sign-in-link/confirm", {
        method: "POST",
        body: { token: params.token },
      });
      storeSession(answer.access_token, answer.user);
      navigate(t.path("/account"), { replace: true });
    } catch (error) {
      const gone = error instanceof ApiError && (error.status === 404 || error.status === 410);
      setFailure({
        message: error instanceof ApiError ? (error.detail ?? "Login failed. Please try again.") : NETWORK_ERROR,
        gone,
      });
      setBusy(false);
    }
  }

  if (loaderData.refused) return <Refused message={loaderData.refused} />;
  // a link that stopped working while the page was open says so the same way
  if (failure?.gone) return <Refused message={failure.message} />;

  return (
    <AuthLayout title={t("Sign In With Your Link")} intro={t("One tap and you are signed in. The link works once.")}>
      <div className="mt-8 space-y-5">
        {failure && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            {shopperMessage(t, failure.message)}
          </p>
        )}
        <button type="button" onClick={signIn} disabled={!ready || busy} className="btn-primary w-full">
          {busy ? t("Signing In…") : t("Sign me in")}
        </button>
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to={t.path("/login")} className="text-stone-600 underline underline-offset-4 hover:text-ink">
          {t("Back to Sign In")}
        </Link>
      </p>
    </AuthLayout>
  );
}
