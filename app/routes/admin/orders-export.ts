// The "Export CSV" link of the orders screen (decision 0059): a resource route
// at /admin/orders/export.csv, signed in with the console's cookie (the staff API takes bearer
// tokens only), streaming the same core export as GET /api/admin/orders/export.csv under the
// filters the screen shows: status tab, search, city, From and To days in Pakistan time.
import { data } from "react-router";
import { exportOrdersCsv } from "../../../core/orders/export";
import { karachiToday } from "../../../core/shared/karachi-time";
import { readOrderFilters } from "../../lib/order-filters.server";
import { csvResponse } from "../../lib/csv-response.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/orders-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  // the filters read as the orders screen reads them: the file holds the orders it shows
  const { query, problems } = readOrderFilters(new URL(request.url).searchParams);
  if (problems.length > 0) throw data({ detail: problems.join(" ") }, { status: 422 });

  const csv = await exportOrdersCsv(context.core, actor, query);
  return csvResponse(csv, `orders-${karachiToday()}.csv`);
}
