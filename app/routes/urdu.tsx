// Every Urdu page sits under this layout (decision 0110): importing the catalogue here puts it in
// this route's chunk, which React Router preloads with an Urdu page and never with an English one.
import { Outlet } from "react-router";
import "../i18n/ur";

export default function UrduPages() {
  return <Outlet />;
}
