// The Urdu sign-in, registration, password, email-link and account pages sit under this layout,
// whose chunk brings their words: no other page downloads them (decision 0110).
import { Outlet } from "react-router";
import "../i18n/ur/account-pages";

export default function UrduAccountPages() {
  return <Outlet />;
}
