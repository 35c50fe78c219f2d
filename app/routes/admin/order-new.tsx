// A new order typed in by staff for a customer who ordered by phone, WhatsApp or Instagram
// (decision 0057). Works before its script loads: the items are found with a GET form and added by
// links that keep the chosen lines in the address (?item=product:option:quantity), the customer's
// details go in one POST form, "Review" prices the order on the server exactly as placing it will
// (nothing written), and "Place order" places it and opens the new order. The shipping fee and
// discount fields are shown only to roles that may set them; core checks again. Its panels are in
// components/admin/OrderNew*.tsx, the form's reading in lib/manual-order-form.server.ts.
import { data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  manualOrderInput,
  orderCatalogueItems,
  placeManualOrder,
  previewManualOrder,
  searchOrderCatalogue,
  type CatalogueMatch,
} from "../../../core/orders/manual-order";
import { AppError } from "../../../core/shared/errors";
import { can } from "../../../core/shared/permissions";
import { BackLink } from "../../components/admin/BackLink";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ConsoleForm, FormNotice, PageTitle } from "../../components/admin/Fields";
import { OrderNewDetails } from "../../components/admin/OrderNewDetails";
import { OrderNewItems } from "../../components/admin/OrderNewItems";
import { OrderNewSearch } from "../../components/admin/OrderNewSearch";
import { OrderNewSummary } from "../../components/admin/OrderNewSummary";
import { consoleMeta, formText } from "../../lib/console";
import { formErrorsFor } from "../../lib/form-errors.server";
import {
  lineKey,
  lineParam,
  TEXT_FIELDS,
  type ChosenLineView,
  type NewOrderAnswer,
  type NewOrderHref,
} from "../../lib/manual-order-form";
import { chosenLines, manualOrderFieldErrors, readManualOrderForm, reviewOf } from "../../lib/manual-order-form.server";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/order-new";

export const meta = () => consoleMeta("New order");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const params = new URL(request.url).searchParams;
  const q = params.has("q") ? (params.get("q") ?? "").slice(0, 100) : null;
  const lines = chosenLines(params.getAll("item"));
  const [products, results] = await Promise.all([
    orderCatalogueItems(
      context.core,
      actor,
      lines.map((l) => l.productId),
    ),
    q === null ? Promise.resolve([] as CatalogueMatch[]) : searchOrderCatalogue(context.core, actor, q),
  ]);
  const byId = new Map(products.map((p) => [p.id, p]));
  return {
    q,
    lines: lines.map((line): ChosenLineView => {
      const product = byId.get(line.productId);
      const option = product?.combinations.find((c) => c.id === line.combinationId);
      return {
        ...line,
        key: lineKey(line),
        param: lineParam(line),
        name: product?.name ?? `Product ${line.productId} (no longer on sale)`,
        variant: option?.name ?? null,
        pricePaisa: option?.pricePaisa ?? product?.pricePaisa ?? null,
        stock: line.combinationId === null ? (product?.stock ?? 0) : option?.available ? option.stock : 0,
      };
    }),
    results,
    canOverride: can(actor, "order_price_overrides"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const { raw, answer } = readManualOrderForm(form);

  const parsed = manualOrderInput.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = manualOrderFieldErrors(parsed.error.issues);
    return data({ ...answer, fields: fieldErrors, error: "Please correct the fields marked below." }, { status: 422 });
  }
  try {
    if (intent === "place") {
      const key = formText(form, "idempotency_key");
      const { order } = await placeManualOrder(
        context.core,
        actor,
        { ...raw, total_amount: formText(form, "total_amount") || undefined },
        { idempotencyKey: /^[A-Za-z0-9-]{1,100}$/.test(key) ? key : null },
      );
      return redirect(`/admin/orders/${order.id}`);
    }
    const preview = await previewManualOrder(context.core, actor, raw);
    return { ...answer, review: reviewOf(preview) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ ...answer, ...formErrorsFor(error, { known: TEXT_FIELDS }) }, { status: error.status });
  }
}

export default function NewOrder() {
  const { q, lines, results, canOverride } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as NewOrderAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const href: NewOrderHref = (changes) => {
    const search = new URLSearchParams();
    if (q !== null) search.set("q", q);
    for (const line of lines) if (line.key !== changes.remove) search.append("item", line.param);
    if (changes.add) search.append("item", lineParam(changes.add));
    return `/admin/orders/new?${search.toString()}`;
  };

  return (
    <>
      <BackLink to="/admin/orders" label="← Orders" muted />
      <PageTitle
        title="New order"
        intro="For a customer who ordered by phone, WhatsApp or Instagram: the shop's prices, stock and voucher rules."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_28rem]">
        <div className="space-y-6">
          <OrderNewSearch q={q} lines={lines} results={results} href={href} />
        </div>

        <ConsoleForm method="post" className="space-y-6" aria-label="New order" noValidate answer={answer}>
          <FormNotice />
          <OrderNewItems lines={lines} quantities={answer?.quantities} href={href} />

          <OrderNewDetails values={answer?.values} canOverride={canOverride} />

          <OrderNewSummary review={answer?.review} busy={busy} />
        </ConsoleForm>
      </div>
    </>
  );
}
