import { useWishlistToggle } from "../lib/wishlist";

/** The wishlist heart (spec §2): fills when the product is saved; signed-out visitors go to sign in. */
export function WishlistButton({ productId, productName, className = "" }: { productId: number; productName?: string; className?: string }) {
  const { inList, busy, toggle } = useWishlistToggle(productId);
  const what = productName ? `: ${productName}` : "";
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={inList}
      aria-label={`${inList ? "Remove from wishlist" : "Add to wishlist"}${what}`}
      className={className}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill={inList ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.6"
        className={inList ? "text-accent" : ""}
      >
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
      </svg>
    </button>
  );
}
