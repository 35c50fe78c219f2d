// Any other /admin address: 404 inside the console's layout (after sign-in, so the console's
// page list is not given away to strangers).
import { data } from "react-router";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { consoleMeta } from "../../lib/console";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/not-found";

export const meta = () => consoleMeta("Page not found");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  throw data({ detail: "There is no such page in the back office." }, { status: 404 });
}

export default function ConsoleNotFound() {
  return null;
}
