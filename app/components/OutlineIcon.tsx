import type { ReactNode } from "react";

/**
 * The store's line icons: a 24×24 drawing in the text's colour, hidden from screen readers (the
 * button or link around it carries the words). Only the size, the line's weight and the fill vary.
 */
export function OutlineIcon({
  size,
  strokeWidth,
  fill = "none",
  className,
  children,
}: {
  size: number;
  strokeWidth: string;
  fill?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={fill}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      className={className}
    >
      {children}
    </svg>
  );
}
