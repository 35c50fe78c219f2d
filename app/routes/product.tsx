import { useEffect, useState } from "react";
import { data, Link, redirect, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { REVIEW_HELD_NOTE } from "../../core/catalog/review-states";
import { addReview, reviewInput } from "../../core/catalog/reviews";
import { AppError } from "../../core/shared/errors";
import { rupeesText } from "../../core/shared/money";
import { Price, RateNote } from "../components/Price";
import { Breadcrumb } from "../components/Breadcrumb";
import { Picture } from "../components/Picture";
import { YouMightAlsoLike } from "../components/YouMightAlsoLike";
import { SizeGuide } from "../components/SizeGuide";
import { Stars } from "../components/Stars";
import { ampDocumentPath } from "../lib/amp";
import { ApiError, api, errorText } from "../lib/api";
import { addToCart } from "../lib/cart";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  cutDescription,
  pageMeta,
  productTagHeaders,
  taggedPageHeaders,
} from "../lib/seo";
import type { ShellData } from "../lib/shell.server";
import { loadProductPage, type ReviewView } from "../lib/product-view.server";
import { countOf } from "../lib/plural";
import { useSignedIn } from "../lib/session";
import { sharePage } from "../lib/share";
import { sizeGuideForChoice } from "../lib/size-guide";
import { storePromises, type StorePromise } from "../lib/store-promises";
import { toast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";
import { findCombination, isComplete, label, optionInStock, type Selection } from "../lib/variants";
import { useWishlistToggle } from "../lib/wishlist";
import type { Route } from "./+types/product";

/** spec §5: product-page quantity is a whole number from 1 to 99 */
export function clampQuantity(value: unknown): number {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, 99);
}

export const headers = taggedPageHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadProductPage(
    context.core,
    "customUrl" in params && params.customUrl !== undefined
      ? { customUrl: params.customUrl }
      : { id: (params as { id: string }).id },
  );
  if (!page.product) return data({ ...page, reviews: [] as ReviewView[], similar: [] }, { status: 404 });
  return data(page, { headers: productTagHeaders(page.product.id) });
}

// the review form also works before JavaScript loads: a plain post lands here
export async function action({ request, params, context }: Route.ActionArgs) {
  const page = await loadProductPage(
    context.core,
    "customUrl" in params && params.customUrl !== undefined
      ? { customUrl: params.customUrl }
      : { id: (params as { id: string }).id },
  );
  if (!page.product) throw data(null, { status: 404 });
  const form = await request.formData();
  const parsed = reviewInput.safeParse({
    rating: Number(form.get("rating") ?? 5),
    review_text: String(form.get("review_text") ?? ""),
    reviewer_name: String(form.get("reviewer_name") ?? ""),
  });
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Error submitting review" }, { status: 422 });
  let held: boolean;
  try {
    held = !(await addReview(context.core, page.product.id, parsed.data, { userId: null, clientIp: context.clientIp }))
      .isApproved;
  } catch (error) {
    // the review limits (429) and a product hidden meanwhile (404) answer in the form's words
    if (error instanceof AppError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  // a review the shop checks first (decision 0061) comes back with ?review=held: it is not in the list yet
  return redirect(`${page.product.href}?review=${held ? "held" : "sent"}#reviews`);
}

export function meta({ data: page, matches }: Route.MetaArgs) {
  const shell = matches[0]?.data as ShellData | undefined;
  const seo = shell?.seo;
  if (!page?.product) {
    return pageMeta(seo, { title: `Product Not Found | ${shell?.siteName ?? ""}`, path: "/", noindex: true });
  }
  const p = page.product;
  const publicUrl = seo?.publicUrl ?? "";
  const url = absoluteUrl(publicUrl, p.href);
  const inStock = p.stock > 0;
  const offer =
    p.minPricePaisa !== p.maxPricePaisa
      ? {
          "@type": "AggregateOffer",
          priceCurrency: "PKR",
          lowPrice: rupeesText(p.minPricePaisa),
          highPrice: rupeesText(p.maxPricePaisa),
          offerCount: p.combinations.length,
        }
      : { "@type": "Offer", priceCurrency: "PKR", price: rupeesText(p.pricePaisa) };
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: cutDescription(p.description),
    image: p.images.map((i) => absoluteUrl(publicUrl, i.url)),
    sku: String(p.id),
    brand: { "@type": "Brand", name: shell?.siteName ?? "" },
    ...(p.materialType ? { material: p.materialType } : {}),
    offers: {
      ...offer,
      url,
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
    ...(p.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: p.rating,
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
          review: page.reviews.slice(0, 5).map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.name },
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5 },
            reviewBody: r.text,
            datePublished: r.date.slice(0, 10),
          })),
        }
      : {}),
  };
  const tags = pageMeta(seo, {
    title: `${p.name} | ${shell?.siteName ?? ""}`,
    description: p.description,
    path: p.href,
    image: p.images[0]?.url ?? null,
    type: "product",
    jsonLd: [
      product,
      breadcrumbJsonLd(publicUrl, [
        { name: "Home", path: "/" },
        { name: "All Products", path: "/collection/all" },
        { name: p.name, path: p.href },
      ]),
    ],
  });
  // the lightweight AMP version of this page (docs/decisions/0026)
  return [...tags, { tagName: "link", rel: "amphtml", href: absoluteUrl(publicUrl, ampDocumentPath(p.id)) }];
}

const REVIEW_SENT = "Review submitted successfully!";

const dateFormat = new Intl.DateTimeFormat("en-PK", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Karachi",
});

type LoadedProduct = NonNullable<Route.ComponentProps["loaderData"]["product"]>;

function NotFound({ message }: { message: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="eyebrow">{message}</p>
      <h1 className="mt-3 font-serif text-4xl">Product Not Found</h1>
      <p className="mt-4 text-stone-600">The product you are looking for does not exist or is no longer available.</p>
      <Link to="/" className="btn-primary mt-8">
        Back to Home
      </Link>
    </main>
  );
}

// spec §9: the first 3 extra product images are preloaded. They load once the page has
// finished loading, so they never compete with the main image (the LCP) for a slow connection,
// and a swipe through the gallery then shows them at once. Until then the others are not in the
// page at all (AfterPageLoad): lazy images in a scroller would be fetched at once.
const PRELOADED_EXTRA_IMAGES = 3;

function Gallery({ product }: { product: LoadedProduct }) {
  const images = product.images.length > 0 ? product.images : [{ url: "", alt: product.name, isPrimary: true }];
  return (
    <div className="-mx-4 md:mx-0">
      {/* on a phone the photos are a sideways strip: focusable, so a keyboard can scroll it too */}
      <ul
        aria-label="Product images"
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] md:grid md:grid-cols-2 md:gap-2 md:overflow-visible"
      >
        {images.map((image, i) => (
          <li
            key={`${image.url}${i}`}
            className={`relative w-[88%] shrink-0 snap-start pr-1 md:w-auto md:pr-0 ${i === 0 ? "md:col-span-2" : ""}`}
          >
            <Picture
              url={image.url}
              alt={i === 0 ? image.alt : `${image.alt} (view ${i + 1})`}
              priority={i === 0}
              afterPageLoad={i > 0}
              eager={i <= PRELOADED_EXTRA_IMAGES}
              sizes={i === 0 ? "(min-width: 768px) 55vw, 88vw" : "(min-width: 768px) 27vw, 88vw"}
              width={i === 0 ? 800 : 400}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <p className="mt-2 px-4 text-xs text-stone-600 md:hidden">{images.length} photos, swipe to see more</p>
      )}
    </div>
  );
}

function BuyBox({ product }: { product: LoadedProduct }) {
  const navigate = useNavigate();
  const [selection, setSelection] = useState<Selection>({});
  const [quantity, setQuantity] = useState("1");
  const [fresh, setFresh] = useState<{ id: number; stock: number; pricePaisa: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const wishlist = useWishlistToggle(product.id);
  const hasVariants = product.options.length > 0;
  const sizeGuide = sizeGuideForChoice(
    product.sizeGuide,
    product.options.find((g) => g.type === "size")?.values.map((v) => v.value) ?? [],
  );
  const complete = isComplete(product.options, selection);
  const combo = hasVariants ? findCombination(product.combinations, product.options, selection) : null;
  const current = combo && fresh?.id === combo.id ? fresh : combo;
  const stock = hasVariants ? (current?.stock ?? null) : product.stock;
  const pricePaisa = current?.pricePaisa ?? product.pricePaisa;
  const canBuy = (!hasVariants || (complete && current !== null)) && (stock ?? 0) > 0;

  // spec §4: choosing a combination refreshes its stock and price from the server
  const comboId = combo?.id ?? null;
  useEffect(() => {
    if (comboId === null) return;
    let live = true;
    api<{ stock_quantity: number; price: number }>(`/variant-combination/${comboId}/quantity`)
      .then(
        (r) =>
          live && setFresh({ id: comboId, stock: r.stock_quantity, pricePaisa: Math.round(Number(r.price) * 100) }),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [comboId]);

  function choose(type: string, value: string) {
    setSelection((s) => ({ ...s, [type]: value }));
    setQuantity("1");
  }

  async function add(): Promise<boolean> {
    if (hasVariants && !complete) {
      toast.error("Please select all variant options");
      return false;
    }
    const wanted = clampQuantity(quantity);
    setBusy(true);
    const ok = await addToCart(
      {
        id: product.id,
        name: product.name,
        image: product.images[0]?.url ?? "",
        price: pricePaisa / 100,
        variant: { size: selection.size, color: selection.color },
        variants: hasVariants ? { ...selection } : {},
        combination_id: combo?.id ?? null,
        daraz_link: product.darazLink,
        maxStock: hasVariants ? (stock ?? 999) : 999,
      },
      wanted,
    );
    setBusy(false);
    return ok;
  }

  return (
    <div>
      {product.options.map((group) => (
        // the legend is the fieldset's first child, so it names the group ("Size", "Color"); the
        // size guide sits beside it on the same line, outside the name
        <fieldset key={group.type} className="relative mt-6">
          <legend className="text-xs font-semibold tracking-[0.18em] uppercase">
            {label(group.type)}
            {selection[group.type] && (
              <span className="ml-2 font-normal tracking-normal normal-case">{selection[group.type]}</span>
            )}
          </legend>
          {group.type === "size" && sizeGuide && (
            <div className="absolute top-0 right-0">
              <SizeGuide guide={sizeGuide} />
            </div>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            {group.values.map((v) => {
              const available = optionInStock(product.combinations, selection, group.type, v.value);
              const active = selection[group.type] === v.value;
              return (
                <button
                  key={v.value}
                  type="button"
                  aria-pressed={active}
                  onClick={() => choose(group.type, v.value)}
                  className={`relative inline-flex min-h-11 min-w-11 items-center justify-center gap-2 border px-3 text-sm ${
                    active ? "border-ink ring-1 ring-ink" : "border-stone-300 hover:border-ink"
                  } ${available ? "bg-white" : "bg-stone-100 text-stone-600"}`}
                >
                  {v.hex && group.type === "color" && (
                    <span
                      aria-hidden="true"
                      className="h-4 w-4 rounded-full ring-1 ring-black/15"
                      style={{ backgroundColor: v.hex }}
                    />
                  )}
                  <span className={available ? "" : "line-through"}>{v.value}</span>
                  {!available && <span className="text-[10px] tracking-wide uppercase">No Stock</span>}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
      {!hasVariants && <div className="mt-4" />}

      <p className="mt-4 min-h-5 text-sm" aria-live="polite" data-testid="stock">
        {stock === null ? (
          <span className="text-stone-600">Choose your options</span>
        ) : stock > 0 ? (
          <span className="text-emerald-800">{stock} in stock</span>
        ) : (
          <span className="text-red-800">Out of stock</span>
        )}
      </p>
      {hasVariants && complete && current && current.pricePaisa !== product.pricePaisa && (
        <p className="mt-1 text-sm">
          Price for this choice: <Price paisa={current.pricePaisa} />
        </p>
      )}

      <div className="mt-4 flex items-stretch gap-2">
        <label htmlFor="quantity" className="sr-only">
          Quantity
        </label>
        <div className="flex border border-stone-300 bg-white">
          <button
            type="button"
            aria-label="Decrease quantity"
            onClick={() => setQuantity(String(clampQuantity(Number(quantity) - 1)))}
            className="w-10 text-lg"
          >
            −
          </button>
          <input
            id="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            onBlur={() => setQuantity(String(clampQuantity(quantity)))}
            className="w-12 [appearance:textfield] text-center text-sm [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            aria-label="Increase quantity"
            onClick={() => setQuantity(String(clampQuantity(Number(quantity) + 1)))}
            className="w-10 text-lg"
          >
            +
          </button>
        </div>
        <button type="button" onClick={add} disabled={!canBuy || busy} className="btn-primary flex-1">
          {busy ? "Adding…" : "Add to Cart"}
        </button>
        <button
          type="button"
          onClick={wishlist.toggle}
          disabled={wishlist.busy}
          aria-pressed={wishlist.inList}
          aria-label={wishlist.inList ? "Remove from wishlist" : "Add to wishlist"}
          className="grid w-12 place-items-center border border-stone-300 bg-white hover:border-ink"
        >
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill={wishlist.inList ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.6"
            className={wishlist.inList ? "text-accent" : ""}
          >
            <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
          </svg>
        </button>
      </div>
      <button
        type="button"
        disabled={!canBuy || busy}
        onClick={async () => {
          if (await add()) navigate("/checkout");
        }}
        className="btn-secondary mt-2 w-full"
      >
        Buy it Now
      </button>
      {product.darazLink && (
        <a
          href={product.darazLink}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary mt-2 w-full border-[#b33d00] text-[#9a3400] hover:bg-[#9a3400]"
        >
          Buy on Daraz
        </a>
      )}
      <button
        type="button"
        onClick={() => sharePage(product.name)}
        className="mt-4 inline-flex items-center gap-2 text-xs font-semibold tracking-[0.18em] uppercase hover:underline"
      >
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M12 3v12M7 8l5-5 5 5M5 14v6h14v-6" />
        </svg>
        Share
      </button>
    </div>
  );
}

function Reviews({ product, reviews }: { product: LoadedProduct; reviews: ReviewView[] }) {
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
    if (!product) return window.alert("Product not loaded");
    if (!name) return window.alert("Please enter your name");
    if (!text) return window.alert("Please write your review");
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
      toast.success(posted?.awaiting_moderation ? `${REVIEW_SENT} ${posted.message ?? REVIEW_HELD_NOTE}` : REVIEW_SENT);
    } catch (error) {
      if (error instanceof ApiError) toast.error(errorText(error, "Error submitting review"));
      else window.alert("Error submitting review. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24 border-t border-stone-200 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="font-serif text-3xl">
            Customer Reviews
          </h2>
          <p className="mt-2 flex items-center gap-2 text-sm text-stone-600">
            <Stars rating={product.rating} />{" "}
            {product.reviewCount > 0
              ? `${product.rating.toFixed(1)} out of 5 · ${countOf(product.reviewCount, "review")}`
              : "No reviews yet"}
          </p>
        </div>
        {signedIn && (
          <a href="#write-review" className="btn-secondary">
            Write a Review
          </a>
        )}
      </div>
      {confirmed && (
        <p role="status" className="mt-4 bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          {REVIEW_SENT}
          {heldNote && ` ${REVIEW_HELD_NOTE}`}
        </p>
      )}
      <div className="mt-8 grid gap-10 md:grid-cols-[1fr_22rem]">
        <ul className="divide-y divide-stone-200" aria-label="Reviews">
          {reviews.length === 0 && <li className="py-4 text-stone-600">Be the first to review this product.</li>}
          {reviews.map((r) => (
            <li key={r.id} className="py-5">
              <Stars rating={r.rating} className="text-sm" />
              <p className="mt-2 text-[15px] leading-relaxed">{r.text}</p>
              <p className="mt-2 text-xs text-stone-600">
                <span className="font-semibold text-ink">{r.name}</span> · {dateFormat.format(new Date(r.date))}
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
            Write a review
          </h3>

          <fieldset className="mt-4">
            <legend className="text-sm font-semibold">Rating</legend>
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
                  <span className="sr-only">
                    {n} {n === 1 ? "star" : "stars"}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor="reviewer-name" className="mt-4 block text-sm font-semibold">
            Your name
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
            Your review
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
            {busy ? "Submitting…" : "Submit Review"}
          </button>
        </form>
      </div>
    </section>
  );
}

function Description({ product }: { product: LoadedProduct }) {
  if (product.descriptionFormat === "html") {
    // stored HTML is cleaned by core when it is written and again when it is read (decision 0047)
    return (
      <div
        className="prose-sm space-y-3 text-[15px] leading-relaxed text-stone-700"
        dangerouslySetInnerHTML={{ __html: product.description }}
      />
    );
  }
  return (
    <div className="space-y-3 text-[15px] leading-relaxed text-stone-700">
      {product.description.split(/\n{2,}/).map((para, i) => (
        <p key={i}>{para}</p>
      ))}
      {product.structured?.bullet_points && product.structured.bullet_points.length > 0 && (
        <ul className="list-disc space-y-1 pl-5">
          {product.structured.bullet_points.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

const PROMISE_ICONS: Record<StorePromise["key"], string> = {
  delivery: "M3 7h11v9H3zM14 10h4l3 3v3h-7z",
  exchange: "M4 9h12a4 4 0 0 1 0 8H8M4 9l4-4M4 9l4 4",
  payment: "M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z",
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, reviews, similar, message } = loaderData;
  if (!product || !("shipping" in loaderData)) return <NotFound message={message ?? "Product not found"} />;
  const { shipping, deliveryPromise } = loaderData;
  const specs: [string, string][] = [
    ...Object.entries(product.customFields),
    ...(product.materialType ? ([["Material", product.materialType]] as [string, string][]) : []),
    ["Care", "Machine wash cold"],
    ["Origin", "Pakistan"],
  ];
  const highlights = product.structured?.highlights ?? [];
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 md:px-8 md:pt-8">
      <Breadcrumb
        items={[
          { name: "Home", path: "/" },
          { name: "All Products", path: "/collection/all" },
          { name: product.name, path: product.href },
        ]}
      />
      <div className="mt-4 grid gap-8 md:mt-6 md:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)] md:gap-12">
        <Gallery product={product} />
        <div className="md:sticky md:top-28 md:self-start">
          <h1 className="font-serif text-3xl leading-tight md:text-4xl">{product.name}</h1>
          <a href="#reviews" className="mt-2 inline-flex items-center gap-2 text-sm text-stone-600 hover:text-ink">
            <Stars rating={product.rating} />
            <span>{countOf(product.reviewCount, "review")}</span>
          </a>
          <p className="mt-4 flex items-baseline gap-3" data-testid="price">
            <Price paisa={product.pricePaisa} className="text-2xl font-semibold" />
            {/* the compare-at price, when there is a higher one (decision 0035, not spec §2's 1.2 times) */}
            {product.comparePricePaisa !== null && (
              <s className="text-stone-600">
                <span className="sr-only">Was </span>
                <Price paisa={product.comparePricePaisa} struck />
              </s>
            )}
          </p>
          <p className="mt-1 text-xs text-stone-600">Tax included. Shipping calculated at checkout.</p>
          <RateNote className="mt-1 text-xs text-stone-600" />
          <BuyBox product={product} />
          <ul
            className="mt-8 grid grid-cols-3 gap-2 border-y border-stone-200 py-4 text-center text-[11px] font-semibold tracking-[0.12em] uppercase"
            aria-label="Our promises"
          >
            {storePromises(shipping).map((promise) => (
              <li key={promise.key}>
                <Link to={promise.href} className="flex flex-col items-center gap-2 hover:underline">
                  <svg
                    aria-hidden="true"
                    width="22"
                    height="22"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.5"
                  >
                    <path d={PROMISE_ICONS[promise.key]} />
                  </svg>
                  {promise.text}
                </Link>
              </li>
            ))}
          </ul>
          {/* the owner's delivery promise (issue 14, point 9), where the shopper decides */}
          <p className="mt-3 text-center text-sm text-stone-700" data-testid="delivery-promise">
            {deliveryPromise}
          </p>
          {actionData && "error" in actionData && <p className="mt-4 text-sm text-red-800">{actionData.error}</p>}
          <details className="group border-b border-stone-200 py-4" open>
            <summary className="flex cursor-pointer list-none items-center justify-between text-xs font-semibold tracking-[0.18em] uppercase [&::-webkit-details-marker]:hidden">
              Product Details{" "}
              <span aria-hidden="true" className="transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <div className="mt-3">
              <Description product={product} />
              {highlights.length > 0 && (
                <ul className="mt-3 space-y-1 text-sm text-stone-700">
                  {highlights.map((h) => (
                    <li key={h}>— {h}</li>
                  ))}
                </ul>
              )}
            </div>
          </details>
          <details className="group border-b border-stone-200 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between text-xs font-semibold tracking-[0.18em] uppercase [&::-webkit-details-marker]:hidden">
              Specifications{" "}
              <span aria-hidden="true" className="transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
              {specs.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-stone-600">{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
          </details>
          {product.faqs.length > 0 && (
            <section aria-labelledby="faq-title" className="py-4">
              <h2 id="faq-title" className="text-xs font-semibold tracking-[0.18em] uppercase">
                FAQs
              </h2>
              {product.faqs.map((f) => (
                <details key={f.question} className="border-b border-stone-200 py-3">
                  <summary className="cursor-pointer text-sm font-medium">{f.question}</summary>
                  <p className="mt-2 text-sm text-stone-700">{f.answer}</p>
                </details>
              ))}
            </section>
          )}
        </div>
      </div>

      <YouMightAlsoLike products={similar} imageAfterLoad />

      <Reviews product={product} reviews={reviews} />
    </main>
  );
}
