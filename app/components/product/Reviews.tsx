// The product page's reviews: the list, and the form that posts one (with JavaScript through the
// API and a toast, without it as a plain form post to the route's action).
import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { REVIEW_HELD_NOTE } from "../../../core/catalog/review-states";
import { Stars } from "../Stars";
import { ApiError, api, errorText } from "../../lib/api";
import type { ProductView, ReviewView } from "../../lib/product-view.server";
import { useSignedIn } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";
import { useT } from "../../i18n/t";

const REVIEW_SENT = "Review submitted successfully!";

// each language's dates in its own words ("28 نومبر، 2026"), always in Pakistan time
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function reviewDate(tag: string, iso: string): string {
  let format = dateFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Karachi" });
    dateFormats.set(tag, format);
  }
  return format.format(new Date(iso));
}

export function Reviews({
  product,
  reviews,
  refused,
}: {
  product: ProductView;
  reviews: ReviewView[];
  /** why the server refused a review posted without JavaScript (core's words, in English) */
  refused?: string;
}) {
  const t = useT();
  const [rating, setRating] = useState(5);
  const [busy, setBusy] = useState(false);
  const signedIn = useSignedIn();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  // a post without JavaScript comes back here with ?review=sent (see action); with it, a toast says so
  const confirmed = searchParams.get("review") === "sent" || searchParams.get("review") === "held";
  const heldNote = searchParams.get("review") === "held";

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const name = String(fields.get("reviewer_name") ?? "").trim();
    const text = String(fields.get("review_text") ?? "").trim();
    // spec §5: the store's own messages (the form has noValidate once this handler runs)
    if (!product) return window.alert(t("Product not loaded"));
    if (!name) return window.alert(t("Please enter your name"));
    if (!text) return window.alert(t("Please write your review"));
    setBusy(true);
    try {
      const posted = await api<{ awaiting_moderation?: boolean; message?: string }>(`/products/${product.id}/reviews`, {
        method: "POST",
        body: { rating, review_text: text, reviewer_name: name },
        auth: true,
      });
      // the page's count, average and list come from the server again, so they agree (spec §8:
      // the new review goes first)
      await revalidator.revalidate();
      form.reset();
      setRating(5);
      // held for the shop to check (decision 0061): the spec's words, then when it will show
      // (two messages in one toast: each is translated here, as the toaster knows only whole ones)
      toast.success(
        posted?.awaiting_moderation ? `${t(REVIEW_SENT)} ${t(posted.message ?? REVIEW_HELD_NOTE)}` : REVIEW_SENT,
      );
    } catch (error) {
      if (error instanceof ApiError) toast.error(errorText(error, "Error submitting review"));
      else window.alert(t("Error submitting review. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24 border-t border-stone-200 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="font-serif text-3xl">
            {t("Customer Reviews")}
          </h2>
          <p className="mt-2 flex items-center gap-2 text-sm text-stone-600">
            <Stars rating={product.rating} />{" "}
            {product.reviewCount > 0
              ? `${t("{rating} out of 5", { rating: product.rating.toFixed(1) })} · ${t.count(product.reviewCount, "{count} review", "{count} reviews")}`
              : t("No reviews yet")}
          </p>
        </div>
        {signedIn && (
          <a href="#write-review" className="btn-secondary">
            {t("Write a Review")}
          </a>
        )}
      </div>
      {confirmed && (
        <p role="status" className="mt-4 bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          {t(REVIEW_SENT)}
          {heldNote && ` ${t(REVIEW_HELD_NOTE)}`}
        </p>
      )}
      <div className="mt-8 grid gap-10 md:grid-cols-[1fr_22rem]">
        <ul className="divide-y divide-stone-200" aria-label={t("Reviews")}>
          {reviews.length === 0 && <li className="py-4 text-stone-600">{t("Be the first to review this product.")}</li>}
          {reviews.map((r) => (
            <li key={r.id} className="py-5">
              <Stars rating={r.rating} className="text-sm" />
              {/* a shopper writes in English or in Urdu: each review reads in its own direction */}
              <p dir="auto" className="mt-2 text-[15px] leading-relaxed">
                {r.text}
              </p>
              <p className="mt-2 text-xs text-stone-600">
                <span className="font-semibold text-ink">{r.name}</span> · {reviewDate(t.tag, r.date)}
              </p>
            </li>
          ))}
        </ul>
        <form
          id="write-review"
          method="post"
          onSubmit={submit}
          noValidate={hydrated}
          className="h-fit scroll-mt-24 bg-white p-6 ring-1 ring-stone-200"
          aria-labelledby="write-review-title"
        >
          <h3 id="write-review-title" className="font-serif text-xl">
            {t("Write a review")}
          </h3>
          {refused && (
            <p role="alert" className="mt-3 text-sm text-red-800">
              {t(refused)}
            </p>
          )}

          <fieldset className="mt-4">
            <legend className="text-sm font-semibold">{t("Rating")}</legend>
            <div className="mt-1 flex">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="cursor-pointer p-1 text-2xl">
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    checked={rating === n}
                    onChange={() => setRating(n)}
                    className="peer sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={`${n <= rating ? "text-amber-700" : "text-stone-300"} peer-focus-visible:outline-2 peer-focus-visible:outline-accent`}
                  >
                    ★
                  </span>
                  <span className="sr-only">{t.count(n, "{count} star", "{count} stars")}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor="reviewer-name" className="mt-4 block text-sm font-semibold">
            {t("Your name")}
          </label>
          <input
            id="reviewer-name"
            name="reviewer_name"
            required
            maxLength={80}
            autoComplete="name"
            className="field mt-1"
          />
          <label htmlFor="review-text" className="mt-4 block text-sm font-semibold">
            {t("Your review")}
          </label>
          <textarea
            id="review-text"
            name="review_text"
            required
            maxLength={2000}
            rows={4}
            className="mt-1 w-full border border-stone-300 bg-white p-3 text-sm focus:border-ink"
          />
          <button type="submit" disabled={busy} className="btn-primary mt-4 w-full">
            {busy ? t("Submitting…") : t("Submit Review")}
          </button>
        </form>
      </div>
    </section>
  );
}
