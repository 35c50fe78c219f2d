import type { ReactNode } from "react";
import type { PolicyPageData } from "../lib/policy-page.server";
import { StaticPage } from "./StaticPage";

/**
 * A policy or about page in the order its texts win: the shop's own stored text (its English
 * marked as such on an Urdu page), else on an Urdu page the shipped Urdu text (rendered on the
 * server, app/lib/policy-shipped-ur.server.tsx), else the shipped English page.
 */
export function PolicyPage({
  data,
  title,
  eyebrow,
  path,
  shippedUpdated,
  shipped,
}: {
  data: PolicyPageData | undefined;
  /** the page's own title in the page's language, for the shipped Urdu text */
  title: string;
  eyebrow: string;
  path: string;
  /** when the shipped text last changed, shown with the shipped Urdu text */
  shippedUpdated?: string;
  shipped: ReactNode;
}) {
  const stored = data?.stored;
  if (stored) {
    return (
      <StaticPage
        title={stored.title}
        eyebrow={eyebrow}
        path={path}
        updated={stored.updated}
        html={stored.html}
        lang={"lang" in stored ? stored.lang : undefined}
      />
    );
  }
  const urdu = data && "shippedUrdu" in data ? data.shippedUrdu : null;
  if (urdu) {
    return (
      <StaticPage
        title={title}
        eyebrow={eyebrow}
        path={path}
        updated={shippedUpdated}
        intro={<div dangerouslySetInnerHTML={{ __html: urdu.intro }} />}
        html={urdu.body}
      />
    );
  }
  return shipped;
}
