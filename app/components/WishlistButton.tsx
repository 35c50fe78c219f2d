import { useT } from "../i18n/t";
import { useWishlistToggle } from "../lib/wishlist";
import { OutlineIcon } from "./OutlineIcon";

/** The wishlist heart (spec §2): fills when the product is saved; signed-out visitors go to sign in. */
export function WishlistButton({
  productId,
  productName,
  className = "",
}: {
  productId: number;
  productName?: string;
  className?: string;
}) {
  const t = useT();
  const { inList, busy, toggle } = useWishlistToggle(productId);
  const label = productName
    ? t(inList ? "Remove from wishlist: {name}" : "Add to wishlist: {name}", { name: productName })
    : t(inList ? "Remove from wishlist" : "Add to wishlist");
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={inList}
      aria-label={label}
      className={className}
    >
      <OutlineIcon
        size={20}
        strokeWidth="1.6"
        fill={inList ? "currentColor" : "none"}
        className={inList ? "text-accent" : ""}
      >
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
      </OutlineIcon>
    </button>
  );
}
