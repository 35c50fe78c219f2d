// Printing orders (decision 0058): /admin/print?ids=1,2,3&doc=slip|invoice|label
// &paper=a4|label. One order per page, on A4 or on 4×6-inch label paper, for the orders staff
// ticked on the list or the one they are looking at. Outside the console's layout (nothing but
// the paper prints) and guarded like it: a signed-out visitor goes to sign in, and only a role
// with the orders permission sees an order.
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { parsePrintIds } from "../../../core/orders/print";
import { AppError, invalid } from "../../../core/shared/errors";
import { NO_PERMISSION } from "../../../core/shared/permissions";
import { PrintSheets, printStyles } from "../../components/admin/PrintSheets";
import { consoleMeta } from "../../lib/console";
import {
  defaultPaper,
  loadPrintPage,
  PRINT_DOCS,
  PRINT_PAPERS,
  type PrintDoc,
  type PrintPaper,
} from "../../lib/print.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/print";

const TITLES: Record<string, string> = { slip: "Packing slips", invoice: "Invoices", label: "Labels" };

export const meta = ({ data: page }: Route.MetaArgs) => consoleMeta(page ? TITLES[page.doc]! : "Print");

function choice<T extends string>(value: string | null, allowed: readonly T[], name: string): T | undefined {
  if (value === null || value === "") return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(`${name} must be one of: ${allowed.join(", ")}`);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const params = new URL(request.url).searchParams;
  try {
    const doc = choice<PrintDoc>(params.get("doc"), PRINT_DOCS, "doc") ?? "slip";
    const paper = choice<PrintPaper>(params.get("paper"), PRINT_PAPERS, "paper") ?? defaultPaper(doc);
    // ids=1,2,3 from a link, or id=1&id=2 from the orders list's form
    const ids = parsePrintIds([...params.getAll("ids"), ...params.getAll("id")]);
    return await loadPrintPage(context.core, actor, { ids, doc, paper, publicUrl: context.config.publicUrl });
  } catch (error) {
    if (error instanceof AppError) throw data({ detail: error.message }, { status: error.status });
    throw error;
  }
}

export default function PrintPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <style>{printStyles(page.paper)}</style>
      <PrintSheets page={page} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "detail" in error.data
      ? String((error.data as { detail: unknown }).detail)
      : null;
  const text =
    status === 403
      ? (detail ?? NO_PERMISSION)
      : status === 404 || status === 422
        ? (detail ?? "Nothing to print.")
        : "Something went wrong. Please try again in a moment.";
  return (
    <main className="mx-auto max-w-xl px-4 py-12 text-center">
      <p className="eyebrow">Error {status}</p>
      <h1 className="mt-3 font-serif text-3xl">Nothing to print</h1>
      <p className="mt-4 text-stone-700">{text}</p>
      <Link to="/admin/orders" className="btn-primary mt-8">
        Back to the orders
      </Link>
    </main>
  );
}
