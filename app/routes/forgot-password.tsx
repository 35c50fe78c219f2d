// Forgot password (decision 0077): the shopper types the account's email and
// gets a link to choose a new password (or, where WhatsApp is set up, a code on WhatsApp). The
// answer is the same whether or not an account has that email. A plain form post, so it works
// before (or without) JavaScript.
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "../../core/accounts/password-reset";
import { AuthLayout } from "../components/AuthLayout";
import { EmailField } from "../components/EmailField";
import { Notice } from "../components/admin/Notice";
import { actionOrLoaderHeaders, PRIVATE_HEADERS, refusal } from "../lib/private-page";
import { pageMeta, PUBLIC_CACHE } from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import type { Route } from "./+types/forgot-password";
import { shopperMessage } from "../lib/shopper-messages";

export function loader({ context }: Route.LoaderArgs) {
  // the same page for every visitor: only whether the store can send WhatsApp codes
  return data({ whatsapp: !!context.config.whatsapp }, { headers: { "Cache-Control": PUBLIC_CACHE } });
}

type Answer = { sent: string; channel: "email" | "whatsapp"; email: string } | { error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const channel = form.get("channel") === "whatsapp" ? "whatsapp" : "email";
  try {
    const { detail } = await requestPasswordReset(
      context.core,
      // the email and its link in the language of the page asking
      { email, channel, locale: localeOfPath(new URL(request.url).pathname) },
      { ip: context.clientIp },
      { whatsapp: !!context.config.whatsapp },
    );
    return data<Answer>({ sent: detail, channel, email: email.trim() }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    const { status, message } = refusal(error);
    return data<Answer>({ error: message }, { status, headers: PRIVATE_HEADERS });
  }
}

export const headers = actionOrLoaderHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  return pageMeta(shell?.seo, {
    title: t("Forgot Password | {siteName}", { siteName: shell?.siteName ?? "" }),
    description: t("Forgot your password? Enter your email and we will send you a link to choose a new one."),
    path: "/forgot-password",
    noindex: true,
    locale: t.locale,
  });
}

const CHANNELS = [
  { value: "email", label: "Email me a link", hint: null },
  { value: "whatsapp", label: "Send a 6-digit code on WhatsApp", hint: "to the phone number saved in your account" },
] as const;

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const answer = actionData as Answer | undefined;
  const [channel, setChannel] = useState<"email" | "whatsapp">("email");

  if (answer && "sent" in answer) {
    const codeHref = t.path(`/reset-password?email=${encodeURIComponent(answer.email)}`);
    return (
      <AuthLayout title={t("Check Your Messages")} intro={t("We have received your request.")}>
        <Notice kind="success" className="mt-8">
          {shopperMessage(t, answer.sent)}
        </Notice>
        {answer.channel === "whatsapp" ? (
          <Link to={codeHref} className="btn-primary mt-6 w-full">
            {t("Enter the code")}
          </Link>
        ) : (
          <p className="mt-6 text-sm text-stone-700">
            {t(
              "Nothing after a few minutes? Look in your spam or junk folder, or check the email you typed and try again.",
            )}
          </p>
        )}
        <p className="mt-6 text-center text-sm text-stone-700">
          <Link to={t.path("/forgot-password")} reloadDocument className="underline underline-offset-4 hover:text-ink">
            {t("Try again")}
          </Link>
          <span aria-hidden="true"> · </span>
          <Link to={t.path("/login")} className="font-semibold text-ink underline underline-offset-4">
            {t("Back to Sign In")}
          </Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t("Forgot Password")}
      intro={t("Enter the email of your account and we will send you a link to choose a new password.")}
    >
      <Form method="post" className="mt-8 space-y-5" aria-label={t("Reset your password")}>
        {answer && "error" in answer && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            {shopperMessage(t, answer.error)}
          </p>
        )}
        <EmailField required />
        {loaderData.whatsapp && (
          <fieldset>
            <legend className="text-sm font-semibold">{t("How should we send it?")}</legend>
            <div className="mt-2 grid gap-2 text-sm">
              {CHANNELS.map((choice) => (
                <label
                  key={choice.value}
                  className="flex min-h-11 items-center gap-3 px-3 py-2 ring-1 ring-stone-300 has-checked:ring-2 has-checked:ring-ink"
                >
                  <input
                    type="radio"
                    name="channel"
                    value={choice.value}
                    checked={channel === choice.value}
                    onChange={() => setChannel(choice.value)}
                  />
                  <span>
                    {t(choice.label)}
                    {choice.hint && <span className="block text-xs text-stone-600">{t(choice.hint)}</span>}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <button type="submit" disabled={sending} className="btn-primary w-full">
          {sending ? t("Sending…") : channel === "whatsapp" ? t("Send the code") : t("Send the link")}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t("Remembered it?")}{" "}
        <Link to={t.path("/login")} className="font-semibold text-ink underline underline-offset-4">
          {t("Sign in")}
        </Link>
      </p>
    </AuthLayout>
  );
}
