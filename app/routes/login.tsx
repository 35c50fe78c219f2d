// Sign in (spec §2 Login, §5, §8). The session lives in the browser (spec §3), so the form works
// once the page has loaded its script; before that the button stays disabled and nothing is sent.
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { checkLogin } from "../../core/accounts/form-rules";
import { AuthLayout } from "../components/AuthLayout";
import { EmailField } from "../components/EmailField";
import { PasswordField } from "../components/PasswordField";
import { ApiError, api } from "../lib/api";
import { pageMeta, publicPageHeaders } from "../lib/seo";
import { useHydrated } from "../lib/use-hydrated";
import { NETWORK_ERROR, safeRedirect, storeSession, type SignInAnswer } from "../lib/session";
import type { ShellData } from "../lib/shell.server";
import type { Route } from "./+types/login";

export const headers = publicPageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  return pageMeta(shell?.seo, {
    title: `Sign In | ${shell?.siteName ?? ""}`,
    description: `Sign in to your ${shell?.siteName ?? ""} account to see your orders, profile and wishlist.`,
    path: "/login",
  });
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    // spec §5: email and password are required
    const fields = checkLogin({ email, password });
    setErrors(fields);
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      const answer = await api<SignInAnswer>("/users/login", {
        method: "POST",
        body: { email: email.trim(), password },
      });
      storeSession(answer.access_token, answer.user);
      navigate(safeRedirect(redirectTo), { replace: true });
    } catch (error) {
      // spec §8: the server's detail, or the fallback; a request that never arrived is a network error
      setFailure(error instanceof ApiError ? (error.detail ?? "Login failed. Please try again.") : NETWORK_ERROR);
      setBusy(false);
    }
  }

  const registerHref = redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register";
  return (
    <AuthLayout title="Sign In" intro="Welcome back. Sign in to see your orders, profile and wishlist.">
      <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5" aria-label="Sign in">
        {failure && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            {failure}
          </p>
        )}
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        <div>
          <PasswordField
            id="password"
            label="Password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            error={errors.password}
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className="text-stone-700 underline underline-offset-4 hover:text-ink">
              Forgot password?
            </Link>
          </p>
        </div>
        <button type="submit" disabled={!ready || busy} className="btn-primary w-full">
          {busy ? "Signing In…" : "Sign In"}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        New here?{" "}
        <Link to={registerHref} className="font-semibold text-ink underline underline-offset-4">
          Create an account
        </Link>
      </p>
      <p className="mt-3 text-center text-sm">
        <Link to="/" className="text-stone-600 underline-offset-4 hover:text-ink hover:underline">
          Back to Home
        </Link>
      </p>
    </AuthLayout>
  );
}
