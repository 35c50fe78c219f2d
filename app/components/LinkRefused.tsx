import type { ReactNode } from "react";
import { Link } from "react-router";
import { AuthLayout } from "./AuthLayout";
import { Notice } from "./admin/Notice";
import { useT } from "../i18n/t";
import { shopperMessage } from "../lib/shopper-messages";

/**
 * The page of a link from a message that no longer works (used, expired, unknown), and what to do
 * next. Its words come in English (core's refusal among them) and show in the page's language.
 */
export function LinkRefused({
  intro,
  message,
  next,
  children,
}: {
  intro: string;
  message: string;
  next: { to: string; label: string };
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <AuthLayout title={t("Link Not Working")} intro={t(intro)}>
      <Notice kind="error" className="mt-8">
        {shopperMessage(t, message)}
      </Notice>
      <Link to={t.path(next.to)} className="btn-primary mt-6 w-full">
        {t(next.label)}
      </Link>
      {children}
    </AuthLayout>
  );
}
