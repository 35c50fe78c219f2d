// The console's home (issue 12, point 1): a greeting and today's figures for the areas the
// member's role covers. The order, stock and returns work of the next issues lands here.
import { Link, useLoaderData } from "react-router";
import { formatRupees } from "../../../core/shared/money";
import { getConsoleHome } from "../../../core/staff/console-home";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "../../../core/staff/permissions";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { consoleMeta } from "../../lib/console";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/home";

export const meta = () => consoleMeta("Home");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context);
  return { firstName: actor.firstName, role: actor.role, figures: await getConsoleHome(context.core, actor) };
}

function Figure({ label, value, note, href }: { label: string; value: string; note?: string; href?: string }) {
  const body = (
    <>
      <p className="text-xs font-semibold tracking-wider text-stone-600 uppercase">{label}</p>
      <p className="mt-2 text-3xl font-semibold tabular-nums">{value}</p>
      {note && <p className="mt-1 text-sm text-stone-600">{note}</p>}
    </>
  );
  return (
    <li className="bg-white p-4 ring-1 ring-stone-200">
      {href ? (
        <Link to={href} className="block hover:underline">
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

export default function ConsoleHome() {
  const { firstName, role, figures } = useLoaderData<typeof loader>();
  const hasFigures = Object.keys(figures).length > 0;
  return (
    <>
      <PageTitle
        title={firstName ? `Hello, ${firstName}` : "Hello"}
        intro={`You are signed in as ${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role].toLowerCase()}.`}
      />
      {hasFigures ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Today">
          {figures.ordersToConfirm !== undefined && (
            <Figure
              label="Orders to confirm"
              value={String(figures.ordersToConfirm)}
              note="Cash on delivery orders waiting for a call"
            />
          )}
          {figures.ordersToday !== undefined && (
            <Figure
              label="Orders today"
              value={String(figures.ordersToday.count)}
              note={`${formatRupees(figures.ordersToday.totalPaisa)} since midnight, cancelled ones left out`}
            />
          )}
          {figures.newCustomersThisWeek !== undefined && (
            <Figure
              label="New customers"
              value={String(figures.newCustomersThisWeek)}
              note="Accounts opened in the last 7 days"
              href="/admin/customers"
            />
          )}
          {figures.activeStaff !== undefined && (
            <Figure label="Staff" value={String(figures.activeStaff)} note="Active members" href="/admin/staff" />
          )}
        </ul>
      ) : (
        <p className="bg-white p-4 text-sm text-stone-700 ring-1 ring-stone-200">
          The products, stock and content screens for your role are on their way. Until then, your account page is open
          to you.
        </p>
      )}
    </>
  );
}
