// The airway bills and load sheet of the ticked orders as one PDF (decision 0103):
// /admin/parcels/airway-bills.pdf?ids=1,2 and /admin/parcels/load-sheet.pdf?ids=1,2 (or
// ?account=3: every parcel of that account awaiting pickup). A file the browser's PDF viewer opens
// and prints, signed in with the console's cookie; a refusal is a small page that says why.
import { airwayBillsPdf, parseOrderIds } from "../../../core/parcels/labels";
import { loadSheetPdf } from "../../../core/parcels/load-sheet";
import { AppError } from "../../../core/shared/errors";
import { karachiToday } from "../../../core/shared/karachi-time";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/parcels-pdf";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The refusal as a page a member reads in the tab the PDF would have opened in. */
function refusal(status: number, detail: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Nothing to print</title></head><body><h1>Nothing to print</h1><p>${escape(detail)}</p><p><a href="/admin/orders">Back to the orders</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const url = new URL(request.url);
  const sheet = url.pathname.endsWith("/load-sheet.pdf");
  try {
    const params = url.searchParams;
    const account = params.get("account");
    let pdf: Uint8Array;
    if (sheet && account) {
      const id = /^\d{1,10}$/.test(account) ? Number(account) : NaN;
      if (!(id >= 1 && id <= 2_147_483_647)) throw new AppError(404, "No such courier account.");
      pdf = await loadSheetPdf(context.core, actor, { accountId: id });
    } else {
      // ids=1,2,3 from a link, or id=1&id=2 from the orders list's form
      const ids = parseOrderIds([...params.getAll("ids"), ...params.getAll("id")]);
      pdf = sheet
        ? await loadSheetPdf(context.core, actor, { orderIds: ids })
        : await airwayBillsPdf(context.core, actor, ids);
    }
    const name = `${sheet ? "load-sheet" : "airway-bills"}-${karachiToday()}.pdf`;
    return new Response(Buffer.from(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${name}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError) return refusal(error.status, error.message);
    throw error;
  }
}
