// Choosing a new password (decision 0077), from the link in the reset email
// (/reset-password/<token>) or with the WhatsApp code (/reset-password?email=…). The token is in
// the path, as on the order confirm page: the page works from any mail app without JavaScript,
// and opening it spends nothing (mail scanners open links); only the form post does. The page is
// never cached, never indexed, and sends no Referer to other sites.
import { useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import {
  checkResetLink,
  resetPassword,
  RESET_LINK_EXPIRED,
  RESET_LINK_UNKNOWN,
  RESET_LINK_USED,
} from "../../core/accounts/password-reset";
import { meetsPasswordRules, PASSWORD_RULE_MESSAGE } from "../../core/accounts/form-rules";
import { AuthLayout } from "../components/AuthLayout";
import { EmailField } from "../components/EmailField";
import { LinkRefused } from "../components/LinkRefused";
import { Notice } from "../components/admin/Notice";
import { PasswordChecklist } from "../components/PasswordChecklist";
import { PasswordField } from "../components/PasswordField";
import { actionOrLoaderHeaders, LINK_PAGE_HEADERS, LINK_REFERRER_POLICY, refusal } from "../lib/private-page";
import { pageMeta } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import type { Route } from "./+types/reset-password";
import { shopperMessage } from "../lib/shopper-messages";

const REFUSED = { used: RESET_LINK_USED, expired: RESET_LINK_EXPIRED, unknown: RESET_LINK_UNKNOWN } as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.token === undefined) return data({ refused: null }, { headers: LINK_PAGE_HEADERS });
  const state = await checkResetLink(context.core, params.token);
  if (state === "valid") return data({ refused: null }, { headers: LINK_PAGE_HEADERS });
  return data({ refused: REFUSED[state] }, { status: state === "unknown" ? 404 : 410, headers: LINK_PAGE_HEADERS });
}

type Answer =
  { done: string } | { error: string; field?: "password" | "confirm_password" | "code"; linkGone?: boolean };

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const password = text("password");
  const answer = (body: Answer, status = 200) => data<Answer>(body, { status, headers: LINK_PAGE_HEADERS });
  // spec §5 Register's messages, checked again here for a browser without JavaScript
  if (!meetsPasswordRules(password)) return answer({ error: PASSWORD_RULE_MESSAGE, field: "password" }, 422);
  if (password !== text("confirm_password"))
    return answer({ error: "Passwords do not match.", field: "confirm_password" }, 422);
  const input = params.token !== undefined ? { token: params.token } : { email: text("email"), code: text("code") };
  try {
    const { detail } = await resetPassword(context.core, { ...input, password }, { ip: context.clientIp });
    return answer({ done: detail });
  } catch (error) {
    const { status, message } = refusal(error);
    if (params.token === undefined) return answer({ error: message, field: "code" }, status);
    return answer({ error: message, linkGone: status === 404 || status === 410 }, status);
  }
}

export const headers = actionOrLoaderHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  // the path without the token: the link is a key and goes in no canonical or shared address
  return [
    ...pageMeta(shell?.seo, {
      title: t("Choose a New Password | {siteName}", { siteName: shell?.siteName ?? "" }),
      description: t("Choose a new password for your account."),
      path: "/reset-password",
      noindex: true,
      locale: t.locale,
    }),
    { name: "referrer", content: LINK_REFERRER_POLICY },
  ];
}

function Done({ message }: { message: string }) {
  const t = useT();
  return (
    <AuthLayout title={t("Password Changed")} intro={t("You can sign in again.")}>
      <Notice kind="success" className="mt-8">
        {shopperMessage(t, message)}
        <span className="mt-2 block">{t("For your safety, you have been signed out everywhere else.")}</span>
      </Notice>
      <Link to={t.path("/login")} className="btn-primary mt-6 w-full">
        {t("Sign In")}
      </Link>
    </AuthLayout>
  );
}

function BackToSignIn() {
  const t = useT();
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={t.path("/login")} className="text-stone-600 underline underline-offset-4 hover:text-ink">
        {t("Back to Sign In")}
      </Link>
    </p>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <LinkRefused
      intro="This password reset link cannot be used."
      message={message}
      next={{ to: "/forgot-password", label: "Get a new link" }}
    >
      <BackToSignIn />
    </LinkRefused>
  );
}

export default function ResetPasswordPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const answer = actionData as Answer | undefined;
  const withCode = params.token === undefined;

  if (answer && "done" in answer) return <Done message={answer.done} />;
  // a link that stopped working while the form was open says so the same way
  const error = answer && "error" in answer ? answer : null;
  if (loaderData.refused) return <Refused message={loaderData.refused} />;
  if (error?.linkGone) return <Refused message={error.error} />;

  const mismatch = confirm !== "" && confirm !== password;
  return (
    <AuthLayout
      title={t("Choose a New Password")}
      intro={
        withCode
          ? t("Enter your email, the 6-digit code we sent you on WhatsApp, and a new password.")
          : t("Choose a new password for your account. You will then sign in with it.")
      }
    >
      <Form method="post" className="mt-8 space-y-5" aria-label={t("Choose a new password")}>
        {error && error.field !== "password" && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            {shopperMessage(t, error.error)}
          </p>
        )}
        {withCode && (
          <>
            <EmailField required defaultValue={search.get("email") ?? ""} />
            <div>
              <label htmlFor="code" className="block text-sm font-semibold">
                {t("Code from WhatsApp")}
              </label>
              <input
                id="code"
                name="code"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                aria-invalid={error?.field === "code" ? true : undefined}
                dir={t.locale === "ur" ? "ltr" : undefined}
                className="field mt-1 font-mono tracking-[0.3em]"
              />
            </div>
          </>
        )}
        <div>
          <PasswordField
            id="password"
            label={t("New password")}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            error={error?.field === "password" ? shopperMessage(t, error.error) : null}
            describedBy="password-rules"
          />
          <PasswordChecklist id="password-rules" password={password} />
        </div>
        <PasswordField
          id="confirm_password"
          label={t("Confirm new password")}
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          error={mismatch ? t("Passwords do not match") : null}
        />
        <button type="submit" disabled={sending} className="btn-primary w-full">
          {sending ? t("Saving…") : t("Set new password")}
        </button>
      </Form>
      <BackToSignIn />
    </AuthLayout>
  );
}
