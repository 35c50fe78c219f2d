// Markup the server drew once for every page of a language (app/lib/frame.server.tsx): sent as
// HTML, never as script, so no page downloads the code that draws it. Its links are followed
// inside the app as a <Link> would be (a data request, not a whole new page); a button with
// data-alert shows that alert; a form marked data-no-behaviour does nothing when sent, as the
// spec's newsletter box does.
import { useNavigate } from "react-router";

export function ServerMarkup({ html }: { html: string }) {
  const navigate = useNavigate();
  return (
    <div
      className="contents"
      dangerouslySetInnerHTML={{ __html: html }}
      onClick={(event) => {
        const target = event.target as Element;
        const alertText = target.closest("[data-alert]")?.getAttribute("data-alert");
        if (alertText) window.alert(alertText);
        const link = target.closest("a");
        // a new tab, another site, a phone number or an address to write to: the browser's own
        if (
          !link ||
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey ||
          link.target ||
          link.origin !== window.location.origin
        ) {
          return;
        }
        event.preventDefault();
        navigate(`${link.pathname}${link.search}${link.hash}`);
      }}
      onSubmit={(event) => {
        if ((event.target as Element).hasAttribute("data-no-behaviour")) event.preventDefault();
      }}
    />
  );
}
