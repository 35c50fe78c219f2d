// Shoppers' WhatsApp replies (decision 0071), for the orders permission: the
// messages the store could not read itself (a question, a voice note, a reply with no order
// waiting) wait here for a person, newest first, with the sender and the order beside them. Once
// dealt with (a call, a move of the order), "Mark handled" takes one off the list (core, audited).
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { REPLY_FILTERS, type ReplyFilter } from "../../../core/orders/reply-filters";
import { listReplies, markReplyHandled } from "../../../core/orders/replies";
import { AppError } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { ListCount, listHref, ListProblems, pageCount, Pager } from "../../components/admin/Lists";
import { ListTabs } from "../../components/admin/ListTabs";
import { AnswerNotices } from "../../components/admin/Notice";
import { consoleMeta, formText, pageParam, statusLabel } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/replies";

export const meta = () => consoleMeta("Replies");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
const TAB_LABELS: Record<ReplyFilter, string> = { needs_person: "Needs a person", all: "All" };
const OUTCOME_LABELS: Record<string, string> = {
  confirmed: "Confirmed the order",
  cancelled: "Cancelled the order",
  already_settled: "Order already settled",
  needs_person: "Needs a person",
  ignored: "Nothing to do",
};
// what a message without words was, for the list
const TYPE_LABELS: Record<string, string> = {
  audio: "Voice message",
  image: "Photo",
  video: "Video",
  document: "Document",
  location: "Location",
  contacts: "Contact card",
  sticker: "Sticker",
  reaction: "Reaction",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const params = new URL(request.url).searchParams;
  const showText = params.get("show") ?? "needs_person";
  const show = (REPLY_FILTERS as readonly string[]).includes(showText) ? (showText as ReplyFilter) : "needs_person";
  const page = pageParam(params);
  const found = await listReplies(context.core, actor, {
    filter: show,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    show,
    problem: showText !== show ? "Choose a tab." : null,
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    waiting: found.waiting,
    replies: found.items.map((r) => ({
      id: r.id,
      phone: `+${r.fromPhone}`,
      text: r.text,
      kind: r.type === "button" || r.type === "interactive" ? "Button" : (TYPE_LABELS[r.type] ?? null),
      outcome: r.outcome,
      outcomeLabel: r.outcome === "needs_person" && r.handledAt ? "Handled" : (OUTCOME_LABELS[r.outcome] ?? r.outcome),
      orderId: r.orderId,
      trackingId: r.trackingId,
      orderStatus: r.orderStatus ? statusLabel(r.orderStatus) : null,
      received: formatDayTime(r.receivedAt),
      waiting: r.outcome === "needs_person" && r.handledAt === null,
      handled: r.handledAt ? `Handled ${formatDayTime(r.handledAt)}${r.handledBy ? ` by ${r.handledBy}` : ""}` : null,
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
  const id = Number(formText(form, "handled"));
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    return data<Answer>({ error: "Choose a reply to mark handled." }, { status: 422 });
  try {
    await markReplyHandled(context.core, actor, id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
    return data<Answer>({ error: `Reply #${id}: ${error.message}` }, { status: error.status });
  }
  return { done: `Reply #${id} marked handled.` } satisfies Answer;
}

export default function ConsoleReplies() {
  const { show, problem, page, pages, total, waiting, replies } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const href = (next: { show?: string; page?: number }) =>
    listHref("/admin/messages/replies", { show: next.show ?? show, page: next.page }, { show: "needs_person" });
  return (
    <>
      <PageTitle
        title="Replies"
        intro="Shoppers' WhatsApp messages to the store. Confirm and Cancel taps and plain yes or no answers move their orders by themselves; the rest wait here for a person."
      />
      <p className="mb-3 text-sm">
        <Link to="/admin/messages" className="underline underline-offset-4">
          Messages sent to shoppers
        </Link>
      </p>
      <ListTabs
        label="Which replies"
        current={show}
        tabs={REPLY_FILTERS.map((s) => ({
          key: s,
          label: TAB_LABELS[s],
          href: href({ show: s }),
          count: s === "needs_person" ? waiting : null,
        }))}
      />
      <ListProblems problems={[problem]} />
      <ListCount
        total={total}
        page={page}
        pages={pages}
        noun={["reply", "replies"]}
        empty={show === "needs_person" ? "No replies waiting for a person." : "No replies yet."}
      />
      <AnswerNotices answer={answer} />
      <ul className="space-y-2" aria-label="Reply list">
        {replies.map((r) => (
          <li key={r.id} className="space-y-2 bg-white p-3 text-sm ring-1 ring-stone-200">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span
                className={`text-xs font-semibold uppercase tracking-wide ${r.waiting ? "text-amber-800" : "text-stone-600"}`}
              >
                {r.outcomeLabel}
              </span>
              <a href={`tel:${r.phone}`} className="tabular-nums underline underline-offset-4">
                {r.phone}
              </a>
              {r.orderId !== null ? (
                <Link to={`/admin/orders/${r.orderId}`} className="underline underline-offset-4">
                  Order {r.trackingId ?? `#${r.orderId}`}
                </Link>
              ) : (
                <span className="text-stone-600">no order found</span>
              )}
              {r.orderStatus && <span className="text-stone-600">{r.orderStatus}</span>}
            </p>
            {/* the shopper's own words: plain text, escaped by React; Urdu reads right to left */}
            {r.text ? (
              <p className="whitespace-pre-line break-words text-stone-800" dir="auto">
                {r.kind && <span className="me-1 text-stone-600">{r.kind}:</span>}
                {r.text}
              </p>
            ) : (
              <p className="text-stone-600">{r.kind ?? "A message without text"}</p>
            )}
            <p className="text-xs text-stone-600">
              #{r.id} · received {r.received}
              {r.handled && ` · ${r.handled}`}
            </p>
            {r.waiting && (
              <Form method="post" preventScrollReset>
                <button
                  type="submit"
                  name="handled"
                  value={r.id}
                  disabled={busy}
                  className="btn-primary"
                  aria-label={`Mark reply #${r.id} handled`}
                >
                  Mark handled
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => href({ page: n })} />
    </>
  );
}
