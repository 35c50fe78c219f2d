// "Download the products as CSV" (decision 0065): a resource route at
// /admin/products/export.csv, signed in with the console's cookie, streaming the same core
// export as GET /api/admin/products/export.csv, one batch per pull.
import { exportProductsCsv } from "../../../core/catalog/product-csv";
import { karachiToday } from "../../../core/shared/karachi-time";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/products-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const csv = await exportProductsCsv(context.core, actor);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await csv.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await csv.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="products-${karachiToday()}.csv"`,
      "cache-control": "no-store",
    },
  });
}
