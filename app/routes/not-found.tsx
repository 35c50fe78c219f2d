import { data } from "react-router";

// A real 404 status for unknown routes; the root error boundary draws the page.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
