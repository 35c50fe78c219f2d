// The review moderation queue (decision 0061), for the reviews permission
// (owner, manager, catalogue): tabs Waiting / Published / Hidden / All, filters, and Publish,
// Hide and Delete for each review or the ticked ones (one by one through core). Delete asks
// again on a second step, so it works before (or without) JavaScript.
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import {
  deleteReview,
  hideReview,
  listReviewsForModeration,
  publishReview,
} from "../../../core/catalog/review-moderation";
import { REVIEW_STATUSES, type ReviewStatus } from "../../../core/catalog/review-states";
import { AppError } from "../../../core/shared/errors";
import { productHref } from "../../lib/catalog-view.server";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { PageTitle } from "../../components/admin/Fields";
import { FilterActions, FilterForm, SelectFilter, TextFilter } from "../../components/admin/ListFilters";
import { ListCount, listHref, ListProblems, pageCount, Pager } from "../../components/admin/Lists";
import { ListTabs } from "../../components/admin/ListTabs";
import { AnswerNotices, Notice } from "../../components/admin/Notice";
import { consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/reviews";

export const meta = () => consoleMeta("Reviews");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;
const BULK_LIMIT = 100;
const TAB_LABELS: Record<ReviewStatus, string> = {
  waiting: "Waiting",
  published: "Published",
  hidden: "Hidden",
  all: "All",
};

/** A whole number from the query in [min, max], or undefined. */
function wholeParam(value: string | null, min: number, max: number): number | undefined {
  if (!value || value.length > 10 || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "reviews");
  const params = new URL(request.url).searchParams;
  const statusText = params.get("status") ?? "waiting";
  const status = (REVIEW_STATUSES as readonly string[]).includes(statusText) ? (statusText as ReviewStatus) : "waiting";
  const filters = {
    status,
    search: (params.get("search") ?? "").trim().slice(0, 100),
    rating: params.get("rating") ?? "",
    product: params.get("product") ?? "",
  };
  const problems: string[] = [];
  if (statusText !== status) problems.push("Choose a tab.");
  const rating = wholeParam(filters.rating, 1, 5);
  if (filters.rating && rating === undefined) problems.push("Rating must be 1 to 5 stars.");
  const productId = wholeParam(filters.product, 1, 2_147_483_647);
  if (filters.product && productId === undefined) problems.push("Product must be a product number.");
  const page = pageParam(params);
  const found = await listReviewsForModeration(context.core, actor, {
    status,
    productId,
    rating,
    // eslint-disable-next-line no-control-regex -- control characters are never in a review's words
    search: filters.search.replace(/[\u0000-\u001f\u007f]/g, "") || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const deleting = wholeParam(params.get("delete"), 1, 2_147_483_647);
  return {
    filters,
    problems,
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    waiting: found.waiting,
    deleting: deleting ?? null,
    reviews: found.items.map((r) => ({
      id: r.id,
      rating: r.rating,
      text: r.reviewText,
      name: r.reviewerName,
      account: r.userName,
      isGuest: r.isGuest,
      status: r.status,
      productName: r.productName,
      productHref: productHref({ id: r.productId, customUrl: r.productCustomUrl }),
      posted: formatDayTime(r.createdAt),
    })),
  };
}

interface Answer {
  error?: string;
  done?: string;
  refused?: { id: number; detail: string }[];
}

const MOVES = { publish: publishReview, hide: hideReview } as const;
type Move = keyof typeof MOVES;
const isMove = (value: string): value is Move => value === "publish" || value === "hide";
const positiveId = (value: unknown) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "reviews");
  const form = await request.formData();
  // a refusal from core (404: deleted meanwhile) as the page's message; 403 stays an error page
  const run = async (fn: () => Promise<unknown>, id: number): Promise<{ detail: string; status: number } | null> => {
    try {
      await fn();
      return null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.status === 403) throw data({ detail: error.message }, { status: 403 });
      return { detail: `#${id}: ${error.message}`, status: error.status };
    }
  };

  // the second step of Delete: the review's id, confirmed
  if (formText(form, "intent") === "delete") {
    const id = positiveId(formText(form, "id"));
    if (id === null) return data<Answer>({ error: "Choose a review to delete." }, { status: 422 });
    const refused = await run(() => deleteReview(context.core, actor, id), id);
    if (refused) return data<Answer>({ error: refused.detail }, { status: refused.status });
    const back = new URL(request.url);
    back.searchParams.delete("delete");
    back.searchParams.delete("index");
    back.searchParams.set("deleted", "1");
    throw redirect(`${back.pathname}${back.search}`);
  }

  // one review's own button: "publish:12" or "hide:12"
  const one = formText(form, "one");
  if (one) {
    const [move, idText] = one.split(":");
    const id = positiveId(idText);
    if (!move || !isMove(move) || id === null)
      return data<Answer>({ error: "Choose Publish or Hide." }, { status: 400 });
    const refused = await run(() => MOVES[move](context.core, actor, id), id);
    if (refused) return data<Answer>({ error: refused.detail }, { status: refused.status });
    return { done: move === "publish" ? "Review published." : "Review hidden." } satisfies Answer;
  }

  const move = formText(form, "bulk");
  if (!isMove(move)) return data<Answer>({ error: "Choose what to do with the ticked reviews." }, { status: 400 });
  const ids = [...new Set(form.getAll("id").map(positiveId))].filter((id): id is number => id !== null);
  if (ids.length === 0) return data<Answer>({ error: "Tick the reviews first." }, { status: 422 });
  if (ids.length > BULK_LIMIT)
    return data<Answer>({ error: `At most ${BULK_LIMIT} reviews at a time.` }, { status: 422 });
  const refused: { id: number; detail: string }[] = [];
  let moved = 0;
  for (const id of ids) {
    const problem = await run(() => MOVES[move](context.core, actor, id), id);
    if (problem) refused.push({ id, detail: problem.detail });
    else moved += 1;
  }
  const noun = moved === 1 ? "review" : "reviews";
  return { done: `${moved} ${noun} ${move === "publish" ? "published" : "hidden"}.`, refused } satisfies Answer;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="text-amber-700" role="img" aria-label={`${rating} out of 5 stars`}>
      {"★".repeat(rating)}
      <span className="text-stone-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

export default function ConsoleReviews() {
  const { filters, problems, page, pages, total, waiting, deleting, reviews } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state === "submitting";
  const href = (changes: { status?: string; page?: string; delete?: string }) =>
    listHref(
      "/admin/reviews",
      { ...filters, status: changes.status ?? filters.status, page: changes.page, delete: changes.delete },
      { status: "waiting" },
    );
  const toDelete = deleting === null ? undefined : reviews.find((r) => r.id === deleting);
  return (
    <>
      <PageTitle title="Reviews" intro="Newest first. Publish a review to show it on its product's page." />
      <ListTabs
        label="Review status"
        current={filters.status}
        tabs={(["waiting", "published", "hidden", "all"] as const).map((status) => ({
          key: status,
          label: TAB_LABELS[status],
          href: href({ status }),
          count: status === "waiting" ? waiting : null,
        }))}
      />
      <FilterForm
        label="Find reviews"
        keep={{ status: filters.status }}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextFilter
          type="search"
          name="search"
          label="Search"
          value={filters.search}
          placeholder="Words, reviewer or product"
          className="lg:col-span-2"
        />
        <SelectFilter
          name="rating"
          label="Stars"
          value={filters.rating}
          options={[
            { value: "", label: "Any" },
            ...[5, 4, 3, 2, 1].map((n) => ({ value: n, label: `${n} ${n === 1 ? "star" : "stars"}` })),
          ]}
        />
        <TextFilter name="product" label="Product number" value={filters.product} inputMode="numeric" maxLength={10} />
        <FilterActions clear="/admin/reviews" className="sm:col-span-2 lg:col-span-4" />
      </FilterForm>
      <ListProblems problems={problems} />
      {toDelete && (
        <Form
          method="post"
          preventScrollReset
          aria-label="Delete review"
          className="mb-4 space-y-3 bg-white p-4 ring-2 ring-red-300"
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={toDelete.id} />
          <p className="text-sm font-semibold">Delete this review by {toDelete.name} for good?</p>
          <p className="whitespace-pre-line break-words text-sm text-stone-700">{toDelete.text}</p>
          <p className="text-sm text-stone-700">Hide it instead if it may be shown again later.</p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className="btn-primary">
              Yes, delete it
            </button>
            <Link to={href({})} className="btn-secondary">
              Keep it
            </Link>
          </div>
        </Form>
      )}
      <Form method="post" preventScrollReset aria-label="Reviews">
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <ListCount
            total={total}
            page={page}
            pages={pages}
            noun={["review", "reviews"]}
            empty="No reviews here."
            className="me-auto text-sm text-stone-600"
          />
          <button type="submit" name="bulk" value="publish" disabled={busy} className="btn-secondary">
            Publish ticked
          </button>
          <button type="submit" name="bulk" value="hide" disabled={busy} className="btn-secondary">
            Hide ticked
          </button>
        </div>
        <AnswerNotices answer={answer}>
          {answer?.refused && answer.refused.length > 0 && (
            <Notice kind="error">Not changed: {answer.refused.map((r) => r.detail).join(" ")}</Notice>
          )}
        </AnswerNotices>
        <ul className="space-y-2" aria-label="Review list">
          {reviews.map((review) => (
            <li key={review.id} className="flex items-start gap-3 bg-white p-3 text-sm ring-1 ring-stone-200">
              <input
                type="checkbox"
                name="id"
                value={review.id}
                aria-label={`Tick the review by ${review.name}`}
                className="mt-1 h-5 w-5 shrink-0"
              />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="flex flex-wrap items-center gap-x-3">
                  <Stars rating={review.rating} />
                  <span className="text-xs font-semibold uppercase tracking-wide text-stone-600">{review.status}</span>
                </p>
                {/* plain text: React escapes it, and line breaks are kept */}
                <p className="whitespace-pre-line break-words">{review.text}</p>
                <p className="text-xs text-stone-600">
                  <span className="font-semibold text-ink">{review.name}</span> ·{" "}
                  {review.isGuest ? "guest" : `account${review.account ? ` (${review.account})` : ""}`} ·{" "}
                  {review.posted}
                </p>
                <p className="text-xs">
                  <a href={review.productHref} className="underline underline-offset-4">
                    {review.productName}
                  </a>
                </p>
                <div className="flex flex-wrap gap-2 pt-1">
                  {review.status !== "published" && (
                    <button
                      type="submit"
                      name="one"
                      value={`publish:${review.id}`}
                      disabled={busy}
                      className="btn-primary"
                      aria-label={`Publish the review by ${review.name}`}
                    >
                      Publish
                    </button>
                  )}
                  {review.status !== "hidden" && (
                    <button
                      type="submit"
                      name="one"
                      value={`hide:${review.id}`}
                      disabled={busy}
                      className="btn-secondary"
                      aria-label={`Hide the review by ${review.name}`}
                    >
                      Hide
                    </button>
                  )}
                  <Link
                    to={href({ delete: String(review.id), page: String(page) })}
                    preventScrollReset={false}
                    className="btn-secondary"
                    aria-label={`Delete the review by ${review.name}`}
                  >
                    Delete
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </Form>
      <Pager page={page} pages={pages} href={(n) => href({ page: String(n) })} />
    </>
  );
}
