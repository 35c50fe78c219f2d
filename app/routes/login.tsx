// Sign in (spec §2 Login, §5, §8). The session lives in the browser (spec §3), so the form works
// once the page has loaded its script; before that the button stays disabled and nothing is sent.
// After too many wrong passwords the answer offers a sign-in link by email (decision 0087): the
// way back in for a shopper someone else has locked out.
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { checkLogin, EMAIL_MAX, EMAIL_MESSAGE } from "../../core/accounts/form-rules";
import { isEmailAddress } from "../../core/shared/email";
import { AuthLayout } from "../components/AuthLayout";
import { EmailField } from "../components/EmailField";
import { PasswordField } from "../components/PasswordField";
import { Notice } from "../components/admin/Notice";
import { ApiError, api } from "../lib/api";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import { useHydrated } from "../lib/use-hydrated";
import { afterSignIn, NETWORK_ERROR, storeSession, type SignInAnswer } from "../lib/session";
import { translatorIn, useT } from "../i18n/t";
import { localeOfPath } from "../i18n/locales";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/login";
import { shopperMessage } from "../lib/shopper-messages";

export const headers = publicPageHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  const siteName = shell?.siteName ?? "";
  return pageMeta(shell?.seo, {
    title: t("Sign In | {siteName}", { siteName }),
    description: t("Sign in to your {siteName} account to see your orders, profile and wishlist.", { siteName }),
    path: "/login",
    locale: t.locale,
  });
}

export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // the sign-in was refused for too many attempts: a link by email is the way in
  const [locked, setLocked] = useState(false);
  const ready = useHydrated();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    setLocked(false);
    // spec §5: email and password are required
    const fields = checkLogin({ email, password });
    setErrors(fields);
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      const answer = await api<SignInAnswer>("/users/login", {
        method: "POST",
        // her account emails are written in the language she signs in from
        body: { email: email.trim(), password, locale: t.locale },
      });
      storeSession(answer.access_token, answer.user);
      navigate(afterSignIn(redirectTo, t.locale), { replace: true });
    } catch (error) {
      // spec §8: the server's detail, or the fallback; a request that never arrived is a network error
      setFailure(
        shopperMessage(
          t,
          error instanceof ApiError ? (error.detail ?? "Login failed. Please try again.") : NETWORK_ERROR,
        ),
      );
      setLocked(error instanceof ApiError && error.status === 429);
      setBusy(false);
    }
  }

  const registerHref = t.path(redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register");
  return (
    <AuthLayout title={t("Sign In")} intro={t("Welcome back. Sign in to see your orders, profile and wishlist.")}>
      <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5" aria-label={t("Sign in")}>
        {failure && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            {failure}
          </p>
        )}
        {locked && <SignInLinkOffer email={email.trim()} />}
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email && shopperMessage(t, errors.email)}
        />
        <div>
          <PasswordField
            id="password"
            label={t("Password")}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            error={errors.password && shopperMessage(t, errors.password)}
          />
          <p className="mt-2 text-end text-sm">
            <Link
              to={t.path("/forgot-password")}
              className="text-stone-700 underline underline-offset-4 hover:text-ink"
            >
              {t("Forgot password?")}
            </Link>
          </p>
        </div>
        <button type="submit" disabled={!ready || busy} className="btn-primary w-full">
          {busy ? t("Signing In…") : t("Sign In")}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t("New here?")}{" "}
        <Link to={registerHref} className="font-semibold text-ink underline underline-offset-4">
          {t("Create an account")}
        </Link>
      </p>
      <p className="mt-3 text-center text-sm">
        <Link to={t.path("/")} className="text-stone-600 underline-offset-4 hover:text-ink hover:underline">
          {t("Back to Home")}
        </Link>
      </p>
    </AuthLayout>
  );
}

/** "Email me a sign-in link" for the address typed, once sign-in has been refused for too many attempts. */
function SignInLinkOffer({ email }: { email: string }) {
  const t = useT();
  const [answer, setAnswer] = useState<{ sent: string } | { error: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    if (email.length > EMAIL_MAX || !isEmailAddress(email)) {
      setAnswer({ error: t(EMAIL_MESSAGE) });
      return;
    }
    setSending(true);
    try {
      const { detail } = await api<{ detail: string }>("/users/sign-in-link", {
        method: "POST",
        body: { email, locale: t.locale },
      });
      setAnswer({ sent: shopperMessage(t, detail) });
    } catch (error) {
      setAnswer({
        error: shopperMessage(t, error instanceof ApiError ? (error.detail ?? SIGN_IN_LINK_FAILED) : NETWORK_ERROR),
      });
    } finally {
      setSending(false);
    }
  }

  if (answer && "sent" in answer) {
    return (
      <Notice kind="success">
        {answer.sent}
        <span className="mt-2 block">{t("Open the email on this phone or computer and tap the button in it.")}</span>
      </Notice>
    );
  }
  return (
    <div className="space-y-3 bg-stone-50 px-4 py-4 text-sm ring-1 ring-stone-200">
      <p className="text-stone-800">{t("We can email you a link that signs you in without your password.")}</p>
      {answer && "error" in answer && (
        <p role="alert" className="text-red-800">
          {answer.error}
        </p>
      )}
      <button type="button" onClick={send} disabled={sending} className="btn-secondary w-full">
        {sending ? t("Sending…") : t("Email me a sign-in link")}
      </button>
    </div>
  );
}

const SIGN_IN_LINK_FAILED = "We could not send the link. Please try again.";
