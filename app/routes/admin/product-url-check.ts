// The product editor's custom URL check as it is typed (decision 0062): a
// resource route signed in with the console's cookie (the staff API takes bearer tokens only)
// answering what GET /api/admin/products/url-check answers, from the same core function.
import { data } from "react-router";
import { checkCustomUrl } from "../../../core/catalog/product-custom-url";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/product-url-check";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "products");
  const params = new URL(request.url).searchParams;
  const url = params.get("url") ?? "";
  // eslint-disable-next-line no-control-regex -- a URL never holds control characters
  if (url.length > 200 || /[\u0000-\u001f\u007f]/.test(url)) {
    return data(
      { url: "", available: false, suggestion: null, message: "Custom URL is too long or holds control characters." },
      { status: 422, headers: { "cache-control": "no-store" } },
    );
  }
  const exclude = params.get("exclude");
  const excludeId = exclude && /^\d{1,9}$/.test(exclude) ? Number(exclude) : undefined;
  return data(await checkCustomUrl(context.core, actor, url, excludeId), { headers: { "cache-control": "no-store" } });
}
