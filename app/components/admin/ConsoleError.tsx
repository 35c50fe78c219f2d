// What a console page shows instead of itself: 403 for a page outside the member's role (with no
// data from it), 404 for an unknown page, and a plain apology for anything else. Rendered inside
// the console's layout when a page fails, so the menu stays.
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NO_PERMISSION } from "../../../core/shared/permissions";

export function ConsoleErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "detail" in error.data
      ? String((error.data as { detail: unknown }).detail)
      : null;
  const [title, text] =
    status === 403
      ? ["No access", detail ?? NO_PERMISSION]
      : status === 404
        ? ["Page not found", "There is no such page in the back office."]
        : ["Something went wrong", "Please try again in a moment."];
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <p className="eyebrow">Error {status}</p>
      <h1 className="mt-3 font-serif text-3xl">{title}</h1>
      <p className="mt-4 text-stone-700">{text}</p>
      {status === 403 && (
        <p className="mt-2 text-sm text-stone-600">
          If you need it for your work, ask the store's owner to change your role.
        </p>
      )}
      <Link to="/admin" className="btn-primary mt-8">
        Back to the console
      </Link>
    </section>
  );
}
