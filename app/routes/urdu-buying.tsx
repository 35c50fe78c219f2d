// The Urdu cart, checkout, confirmation, confirm and tracking pages sit under this layout, whose
// chunk brings their words: no other page downloads them (decision 0110).
import { Outlet } from "react-router";
import "../i18n/ur/buying-pages";

export default function UrduBuyingPages() {
  return <Outlet />;
}
