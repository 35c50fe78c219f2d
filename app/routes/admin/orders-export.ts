// The "Export CSV" link of the orders screen (decision 0059): a resource route
// at /admin/orders/export.csv, signed in with the console's cookie (the staff API takes bearer
// tokens only), streaming the same core export as GET /api/admin/orders/export.csv under the
// filters the screen shows: status tab, search, city, From and To days in Pakistan time.
import { data } from "react-router";
import { exportOrdersCsv } from "../../../core/orders/export";
import { karachiToday } from "../../../core/shared/karachi-time";
import { readOrderFilters } from "../../lib/order-filters.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/orders-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  // the filters read as the orders screen reads them: the file holds the orders it shows
  const { query, problems } = readOrderFilters(new URL(request.url).searchParams);
  if (problems.length > 0) throw data({ detail: problems.join(" ") }, { status: 422 });

  const csv = await exportOrdersCsv(context.core, actor, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      // one batch per pull: the next is read only when the connection has taken the last
      async pull(controller) {
        const next = await csv.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      // the browser went away: stop reading
      async cancel() {
        await csv.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${karachiToday()}.csv"`,
      "cache-control": "no-store",
    },
  });
}
