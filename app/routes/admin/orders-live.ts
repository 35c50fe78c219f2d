// GET /admin/orders/live?since=<order id>&<the list's filters>: what an open console polls for
// (decision 0094), as JSON: orders waiting for confirmation, and orders newer than the list it
// shows. A resource route: no page, no layout, answered no-store like every console answer.
import { orderPulse } from "../../../core/orders/order-pulse";
import { readOrderFilters } from "../../lib/order-filters.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/orders-live";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const params = new URL(request.url).searchParams;
  const sinceText = (params.get("since") ?? "").slice(0, 11);
  const since = /^\d{1,10}$/.test(sinceText) && Number(sinceText) <= 2_147_483_647 ? Number(sinceText) : undefined;
  const { query } = readOrderFilters(params);
  const pulse = await orderPulse(context.core, actor, { since, filters: query });
  return Response.json(pulse, { headers: { "cache-control": "no-store" } });
}
