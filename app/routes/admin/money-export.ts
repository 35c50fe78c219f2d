// The "Export for the accountant (CSV)" form of "Cash from couriers" (decision 0106, made as the
// orders file is, decision 0059): a resource route at /admin/money/export.csv signed in with the
// console's cookie, streaming the same core export as GET /api/admin/money/export.csv.
import { data } from "react-router";
import { COURIER_CODES, type CourierCode } from "../../../core/couriers/courier";
import { exportMoneyCsv } from "../../../core/remittances/money-export";
import { AppError } from "../../../core/shared/errors";
import { karachiToday } from "../../../core/shared/karachi-time";
import { csvResponse } from "../../lib/csv-response.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/money-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "money");
  const params = new URL(request.url).searchParams;
  const by = params.get("by") || "owed";
  const courier = params.get("courier") || "";
  if (by !== "owed" && by !== "paid")
    throw data({ detail: "Choose the days of delivery or of payment." }, { status: 422 });
  if (courier && !(COURIER_CODES as readonly string[]).includes(courier))
    throw data({ detail: "Choose a courier from the list." }, { status: 422 });
  let csv: AsyncGenerator<string, void, undefined>;
  try {
    csv = await exportMoneyCsv(context.core, actor, {
      by,
      from: params.get("from") ?? undefined,
      to: params.get("to") ?? undefined,
      courier: (courier || undefined) as CourierCode | undefined,
    });
  } catch (error) {
    if (error instanceof AppError) throw data({ detail: error.message }, { status: error.status });
    throw error;
  }
  return csvResponse(csv, `courier-money-${karachiToday()}.csv`);
}
