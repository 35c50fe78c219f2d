// "Download the products as CSV" (decision 0065): a resource route at
// /admin/products/export.csv, signed in with the console's cookie, streaming the same core
// export as GET /api/admin/products/export.csv, one batch per pull.
import { exportProductsCsv } from "../../../core/catalog/product-csv";
import { karachiToday } from "../../../core/shared/karachi-time";
import { csvResponse } from "../../lib/csv-response.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/products-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const csv = await exportProductsCsv(context.core, actor);
  return csvResponse(csv, `products-${karachiToday()}.csv`);
}
