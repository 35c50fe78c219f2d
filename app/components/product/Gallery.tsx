// The product page's photos: one large image and a sideways strip on a phone, a grid on wider
// screens; only the first image competes for the page's first paint.
import { contentLang } from "../../i18n/content-lang";
import { Picture } from "../Picture";
import type { ProductView } from "../../lib/product-view.server";
import { useT } from "../../i18n/t";

// spec §9: the first 3 extra product images are preloaded. They load once the page has
// finished loading, so they never compete with the main image (the LCP) for a slow connection,
// and a swipe through the gallery then shows them at once. Until then the others are not in the
// page at all (AfterPageLoad): lazy images in a scroller would be fetched at once.
const PRELOADED_EXTRA_IMAGES = 3;
export function Gallery({ product }: { product: ProductView }) {
  const t = useT();
  const images = product.images.length > 0 ? product.images : [{ url: "", alt: product.name, isPrimary: true }];
  return (
    <div className="-mx-4 md:mx-0">
      {/* on a phone the photos are a sideways strip: focusable, so a keyboard can scroll it too */}
      <ul
        aria-label={t("Product images")}
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] md:grid md:grid-cols-2 md:gap-2 md:overflow-visible"
      >
        {images.map((image, i) => (
          <li
            key={`${image.url}${i}`}
            // its alt text is the shop's own words (the product's name): English ones are marked
            lang={contentLang(image.alt, t.locale)}
            className={`relative w-[88%] shrink-0 snap-start pe-1 md:w-auto md:pe-0 ${i === 0 ? "md:col-span-2" : ""}`}
          >
            <Picture
              url={image.url}
              alt={i === 0 ? image.alt : t("{name} (view {number})", { name: image.alt, number: i + 1 })}
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
        <p className="mt-2 px-4 text-xs text-stone-600 md:hidden">
          {t("{count} photos, swipe to see more", { count: images.length })}
        </p>
      )}
    </div>
  );
}
