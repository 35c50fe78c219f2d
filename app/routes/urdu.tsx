// Every Urdu page sits under this layout (decision 0110): importing the catalogue here puts it in
// this route's chunk, which React Router preloads with an Urdu page and never with an English one.
import { Outlet } from "react-router";
import naskhBold from "../fonts/naskh-urdu-700.woff2?url";
import naskhRegular from "../fonts/naskh-urdu-400.woff2?url";
import "../i18n/ur/every-page";
import { PageStylesheet } from "../lib/inline-stylesheet";
import urduStylesheet from "../urdu.css?url";

// the Naskh face is declared in app.css for right-to-left pages only: an English page never asks
// for it, an Urdu page asks before its first paint
export const links = () =>
  [naskhRegular, naskhBold].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  }));

export default function UrduPages() {
  return (
    <>
      <PageStylesheet href={urduStylesheet} />
      <Outlet />
    </>
  );
}
