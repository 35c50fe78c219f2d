// The call list (decision 0072), for the orders permission: orders pending confirmation,
// oldest first, each with a big tap-to-call link, and three answers to record after the call.
// Plain forms, so it works before (or without) JavaScript, at phone width first. The answers go
// through core's moveOrder with the status this page showed: an order someone else settled
// meanwhile (the shopper on WhatsApp, a colleague) is a 409, told kindly, not moved twice.
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { answerCall, listCalls, noAnswerOnCall, type QuestionState } from "../../../core/orders/call-list";
import { AppError } from "../../../core/shared/errors";
import { formatRupees } from "../../../core/shared/money";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import { AnswerNotices } from "../../components/admin/Notice";
import { ageText, consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/calls";

export const meta = () => consoleMeta("Calls");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const page = pageParam(new URL(request.url).searchParams);
  const found = await listCalls(context.core, actor, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    // ages against the server's clock, so the page reads the same once hydrated
    now: Date.now(),
    calls: found.items.map((c) => ({
      id: c.id,
      trackingId: c.trackingId,
      name: `${c.firstName} ${c.lastName}`.trim(),
      phone: c.phone,
      tel: `tel:+${c.phoneNormalized}`,
      city: c.city,
      total: formatRupees(c.totalPaisa),
      placed: formatDayTime(c.createdAt),
      createdAt: c.createdAt.toISOString(),
      held: c.heldForCall,
      reasons: c.reasons,
      reminded: c.remindedAt ? formatDayTime(c.remindedAt) : null,
      question: c.question,
    })),
  };
}

// what became of the order's WhatsApp question, in the words of the message log
const QUESTION_LABELS: Record<QuestionState, string> = {
  read: "Read, no answer yet",
  delivered: "Delivered, no answer yet",
  sent: "Sent, not delivered yet",
  waiting: "Waiting to be sent",
  failed: "Failed: not delivered",
  "not sent": "Not sent: WhatsApp is not set up",
};

interface Answer {
  error?: string;
  done?: string;
}

const ANSWERS = {
  confirmed: "confirmed on the call",
  cancelled: "cancelled on the call",
  no_answer: "noted: no answer",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  const id = Number(formText(form, "order"));
  const tracking = formText(form, "tracking").slice(0, 20);
  const answer = formText(form, "answer");
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    return data<Answer>({ error: "Choose an order from the list." }, { status: 422 });
  if (!(answer in ANSWERS)) return data<Answer>({ error: "Choose what the customer said." }, { status: 422 });
  const name = tracking ? `Order ${tracking}` : `Order #${id}`;
  try {
    if (answer === "no_answer") await noAnswerOnCall(context.core, actor, id);
    else await answerCall(context.core, actor, id, answer as "confirmed" | "cancelled");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    if (error.status === 409) {
      const now = typeof error.extra?.status === "string" ? ` It is ${error.extra.status} now.` : "";
      return data<Answer>(
        {
          error: `${name} was answered by someone else in the meantime, so nothing was changed.${now} The list below is up to date.`,
        },
        { status: 409 },
      );
    }
    return data<Answer>({ error: `${name}: ${error.message}` }, { status: error.status });
  }
  return { done: `${name} ${ANSWERS[answer as keyof typeof ANSWERS]}.` } satisfies Answer;
}

export default function ConsoleCalls() {
  const { page, pages, total, now, calls } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle
        title="Calls"
        intro="Orders waiting for the customer's confirmation, oldest first. Call, then record what they said."
      />
      <AnswerNotices answer={answer} seekOut />
      <ListCount
        total={total}
        page={page}
        pages={pages}
        noun={["order waiting", "orders waiting"]}
        empty="No orders are waiting for confirmation."
      />
      <ul className="space-y-3" aria-label="Orders to call">
        {calls.map((c) => (
          <li key={c.id} className="space-y-3 bg-white p-4 text-sm ring-1 ring-stone-200">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="text-base font-semibold">{c.name}</p>
              <Link to={`/admin/orders/${c.id}`} className="underline underline-offset-4">
                Order {c.trackingId}
              </Link>
            </div>
            {/* the number is the biggest thing on the card: a thumb finds it at once */}
            <a
              href={c.tel}
              className="flex min-h-12 w-full items-center justify-center gap-2 bg-emerald-700 px-4 text-lg font-semibold tabular-nums text-white hover:bg-emerald-800 sm:inline-flex sm:w-auto sm:min-w-64 sm:justify-start"
              aria-label={`Call ${c.name} on ${c.phone}`}
            >
              <span aria-hidden="true">☎</span> {c.phone}
            </a>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-stone-700">
              <dt className="text-stone-600">City</dt>
              <dd>{c.city}</dd>
              <dt className="text-stone-600">Total</dt>
              <dd className="tabular-nums">{c.total}</dd>
              <dt className="text-stone-600">Waiting</dt>
              <dd>
                <time dateTime={c.createdAt} title={c.placed}>
                  {ageText(c.createdAt, now)}
                </time>
              </dd>
              <dt className="text-stone-600">WhatsApp</dt>
              <dd>{c.question ? QUESTION_LABELS[c.question] : "Not asked"}</dd>
              <dt className="text-stone-600">Reminder</dt>
              <dd>{c.reminded ? `Sent ${c.reminded}` : "Not sent"}</dd>
            </dl>
            {(c.held || c.reasons.length > 0) && (
              <div className="space-y-1">
                {c.held && (
                  <p className="font-semibold text-amber-800">
                    Held for a call: not asked on WhatsApp, and not cancelled on its own.
                  </p>
                )}
                {c.reasons.length > 0 && (
                  <ul className="list-disc space-y-0.5 ps-5 text-stone-700" aria-label={`Signals for ${c.trackingId}`}>
                    {c.reasons.map((reason, n) => (
                      <li key={n}>{reason}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            <Form method="post" className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
              <input type="hidden" name="order" value={c.id} />
              <input type="hidden" name="tracking" value={c.trackingId} />
              <button
                type="submit"
                name="answer"
                value="confirmed"
                disabled={busy}
                className="btn-primary min-h-11"
                aria-label={`Confirmed on call: ${c.trackingId}`}
              >
                Confirmed on call
              </button>
              <button
                type="submit"
                name="answer"
                value="cancelled"
                disabled={busy}
                className="btn-secondary min-h-11"
                aria-label={`Cancelled on call: ${c.trackingId}`}
              >
                Cancelled on call
              </button>
              <button
                type="submit"
                name="answer"
                value="no_answer"
                disabled={busy}
                className="btn-secondary min-h-11"
                aria-label={`No answer: ${c.trackingId}`}
              >
                No answer
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => listHref("/admin/calls", { page: n })} />
    </>
  );
}
