import type { ReactNode } from "react";
import { Link } from "react-router";
import { AuthLayout } from "./AuthLayout";
import { Notice } from "./admin/Notice";

/** The page of a link from a message that no longer works (used, expired, unknown), and what to do next. */
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
  return (
    <AuthLayout title="Link Not Working" intro={intro}>
      <Notice kind="error" className="mt-8">
        {message}
      </Notice>
      <Link to={next.to} className="btn-primary mt-6 w-full">
        {next.label}
      </Link>
      {children}
    </AuthLayout>
  );
}
