// The link above a console page's title back to the list it was opened from ("← Orders").
import { Link } from "react-router";

export function BackLink({ to, label, muted }: { to: string; label: string; muted?: boolean }) {
  return (
    <p className="mb-2 text-sm">
      <Link to={to} className={muted ? "text-stone-600 underline underline-offset-4" : "underline underline-offset-4"}>
        {label}
      </Link>
    </p>
  );
}
