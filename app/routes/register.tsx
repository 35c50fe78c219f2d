// Registration (spec §2 Register, §5, §8): the live password checklist, "Passwords do not match",
// and a submit button that stays disabled until every rule holds. The rules are the API's own
// (core/accounts/form-rules.ts, which the API schemas build on), so form and server agree.
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { checkRegister, meetsPasswordRules } from "../../core/accounts/form-rules";
import { AuthLayout } from "../components/AuthLayout";
import { Sentence } from "../components/Sentence";
import { EmailField } from "../components/EmailField";
import { PasswordChecklist } from "../components/PasswordChecklist";
import { PasswordField } from "../components/PasswordField";
import { ApiError, api } from "../lib/api";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import { afterSignIn, NETWORK_ERROR, storeSession, type SignInAnswer } from "../lib/session";
import { localeOfPath } from "../i18n/locales";
import { translatorIn, useT } from "../i18n/t";
import type { ShellData } from "../lib/shell.server";
import { toast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/register";
import { shopperMessage } from "../lib/shopper-messages";

export const headers = publicPageHeaders;

export function meta({ matches, location }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const t = translatorIn(localeOfPath(location.pathname));
  const siteName = shell?.siteName ?? "";
  return pageMeta(shell?.seo, {
    title: t("Create Account | {siteName}", { siteName }),
    description: t("Create your {siteName} account: keep a wishlist, see your orders and check out faster.", {
      siteName,
    }),
    path: "/register",
    locale: t.locale,
  });
}

type Field = "first_name" | "last_name" | "email" | "password";

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
}: {
  id: Field;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        maxLength={100}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field mt-1"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** "By creating an account you agree to our Terms & Conditions and Privacy Policy." with its two links. */
function AgreeToTerms() {
  const t = useT();
  const link = (to: string, label: string) => (
    <Link key={to} to={t.path(to)} className="underline underline-offset-2 hover:text-ink">
      {t(label)}
    </Link>
  );
  const terms = link("/terms", "Terms & Conditions");
  const privacy = link("/privacy", "Privacy Policy");
  // English as the page always wrote it, piece by piece, so its markup stays the same
  if (t.locale === "en") return ["By creating an account you agree to our", " ", terms, " ", "and", " ", privacy, "."];
  // Urdu puts the verb after both links: the sentence is laid out from its translation
  return (
    <Sentence text={t("By creating an account you agree to our {terms} and {privacy}.")} parts={{ terms, privacy }} />
  );
}

export default function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const [form, setForm] = useState({ first_name: "", last_name: "", email: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();

  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const rulesMet = meetsPasswordRules(form.password);
  const mismatch = form.confirm !== "" && form.confirm !== form.password;
  // spec §5: all fields required, the rules met and the passwords matching
  const complete =
    form.first_name.trim() !== "" &&
    form.last_name.trim() !== "" &&
    form.email.trim() !== "" &&
    rulesMet &&
    form.confirm === form.password;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    if (form.password !== form.confirm) return setFailure(t("Passwords do not match."));
    if (!rulesMet) return setFailure(t("Password must meet all requirements."));
    // confirm_password is checked here and not sent (spec §3)
    const payload = {
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      email: form.email.trim(),
      password: form.password,
    };
    const fields = checkRegister(payload);
    setErrors(
      Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, shopperMessage(t, message)])),
    );
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      // her account emails are written in the language she registers from
      const answer = await api<SignInAnswer>("/users/register", {
        method: "POST",
        body: { ...payload, locale: t.locale },
      });
      storeSession(answer.access_token, answer.user);
      toast.success(t("Welcome, {name}! Your account is ready.", { name: answer.user.first_name }));
      navigate(afterSignIn(redirectTo, t.locale), { replace: true });
    } catch (error) {
      setFailure(
        shopperMessage(
          t,
          error instanceof ApiError ? (error.detail ?? "Registration failed. Please try again.") : NETWORK_ERROR,
        ),
      );
      setBusy(false);
    }
  }

  const loginHref = t.path(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  return (
    <AuthLayout title={t("Create Account")} intro={t("Save your favourites, follow your orders and check out faster.")}>
      <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5" aria-label={t("Create account")}>
        {failure && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            {failure}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3">
          <TextField
            id="first_name"
            label={t("First name")}
            value={form.first_name}
            onChange={set("first_name")}
            error={errors.first_name}
            autoComplete="given-name"
          />
          <TextField
            id="last_name"
            label={t("Last name")}
            value={form.last_name}
            onChange={set("last_name")}
            error={errors.last_name}
            autoComplete="family-name"
          />
        </div>
        <EmailField value={form.email} onChange={(e) => set("email")(e.target.value)} error={errors.email} />
        <div>
          <PasswordField
            id="password"
            label={t("Password")}
            value={form.password}
            onChange={set("password")}
            autoComplete="new-password"
            error={errors.password}
            describedBy="password-rules"
          />
          <PasswordChecklist id="password-rules" password={form.password} />
        </div>
        <PasswordField
          id="confirm_password"
          label={t("Confirm password")}
          value={form.confirm}
          onChange={set("confirm")}
          autoComplete="new-password"
          error={mismatch ? t("Passwords do not match") : null}
        />
        <p className="text-xs leading-relaxed text-stone-600">
          <AgreeToTerms />
        </p>
        <button type="submit" disabled={!ready || !complete || busy} className="btn-primary w-full">
          {busy ? t("Creating Account…") : t("Create Account")}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        {t("Already have an account?")}{" "}
        <Link to={loginHref} className="font-semibold text-ink underline underline-offset-4">
          {t("Sign in")}
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
