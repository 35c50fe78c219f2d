// "Parcels to follow up" (decision 0104), for the orders permission: deliveries the courier
// attempted and parcels with no movement for the shop's stall days, oldest first. From each card
// staff call or message the shopper and tell the courier to try again or send it back (where its
// API takes advice), or ask the courier where the parcel is now. Plain forms, phone width first.
import { data, useActionData, useLoaderData, useNavigation } from "react-router";
import { followUpMessage, listParcelsToFollowUp } from "../../../core/parcels/attention";
import { adviseParcel } from "../../../core/parcels/shipper-advice";
import { pollParcelNow } from "../../../core/parcels/tracking";
import { pollAnswerText } from "../../components/admin/parcels/parcel-forms.server";
import { PARCEL_STATUS_WORDS } from "../../../core/orders/order-timeline";
import { getSiteSettings } from "../../../core/settings/site-settings";
import { AppError } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import { AttentionCard } from "../../components/admin/attention/AttentionCard";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import { AnswerNotices } from "../../components/admin/Notice";
import { ageText, consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/parcels-attention";

export const meta = () => consoleMeta("Parcels to follow up");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const page = pageParam(new URL(request.url).searchParams);
  const [found, settings] = await Promise.all([
    listParcelsToFollowUp(context.core, actor, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    getSiteSettings(context.core),
  ]);
  // ages against the server's clock, so the page reads the same once hydrated
  const now = Date.now();
  return {
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    stallDays: found.stallDays,
    parcels: found.parcels.map((p) => ({
      parcelId: p.parcelId,
      orderId: p.orderId,
      trackingId: p.trackingId,
      name: `${p.firstName} ${p.lastName}`.trim(),
      phone: p.phone,
      tel: `tel:+${p.phoneNormalized}`,
      whatsapp: `https://wa.me/${p.phoneNormalized}?text=${encodeURIComponent(followUpMessage(p, settings.siteName))}`,
      city: p.city,
      courierName: p.courierName,
      cn: p.cn,
      why: p.why,
      statusText: PARCEL_STATUS_WORDS[p.status],
      reason: p.reason,
      age: ageText(p.since, now),
      since: formatDayTime(p.since),
      sinceIso: p.since.toISOString(),
      cod: formatRupees(p.codPaisa),
      canAdvise: p.canAdvise,
      lastAdvice: p.lastAdvice
        ? `${p.lastAdvice.advice === "retry" ? "Asked to try again" : "Asked to return it"} ${formatDayTime(p.lastAdvice.at)}`
        : null,
    })),
  };
}

interface Answer {
  error?: string;
  done?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  const id = Number(formText(form, "parcel"));
  const cn = formText(form, "cn").slice(0, 40);
  const intent = formText(form, "intent");
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    return data<Answer>({ error: "Choose a parcel from the list." }, { status: 422 });
  const name = cn ? `Parcel ${cn}` : `Parcel #${id}`;
  try {
    if (intent === "retry" || intent === "return") {
      await adviseParcel(context.core, actor, id, { advice: intent, note: formText(form, "note") });
      return {
        done: `${name}: the courier was asked to ${intent === "retry" ? "try delivering again" : "return it to the shop"}.`,
      } satisfies Answer;
    }
    if (intent === "poll") {
      const polled = await pollParcelNow(context.core, actor, id);
      return { done: pollAnswerText(name, polled) } satisfies Answer;
    }
    return data<Answer>({ error: "Choose what to do with the parcel." }, { status: 422 });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    return data<Answer>({ error: `${name}: ${error.message}` }, { status: error.status });
  }
}

export default function ConsoleParcelsToFollowUp() {
  const { page, pages, total, stallDays, parcels } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle
        title="Parcels to follow up"
        intro={`Deliveries the courier attempted, and parcels with no movement for ${stallDays} ${
          stallDays === 1 ? "day" : "days"
        } (Settings → Parcels), oldest first. Call or message the customer, then tell the courier what to do.`}
      />
      <AnswerNotices answer={answer} seekOut />
      <ListCount
        total={total}
        page={page}
        pages={pages}
        noun={["parcel to follow up", "parcels to follow up"]}
        empty="No parcel needs a person now."
      />
      <ul className="space-y-3" aria-label="Parcels to follow up">
        {parcels.map((parcel) => (
          <AttentionCard key={parcel.parcelId} parcel={parcel} busy={busy} />
        ))}
      </ul>
      <Pager
        page={page}
        pages={pages}
        href={(n) => listHref("/admin/parcels/attention", { page: n })}
        labels={["Older", "Newer"]}
      />
    </>
  );
}
