import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * The shop's pages in one language. The Urdu set is the same modules behind /ur (decision 0110),
 * under ids of their own; its layout routes bring the Urdu catalogue: the words every page may show
 * with the Urdu layout, the buying pages' and the account pages' with layouts of their own
 * (pathless: the addresses are the same), so an Urdu page downloads only the words it can show.
 */
function storefront(locale: "en" | "ur"): RouteConfigEntry[] {
  // English keeps the ids it always had; Urdu's are the same with "ur:" in front
  const as = (id: string) => (locale === "en" ? { id } : { id: `ur:${id}` });
  const browsing = [
    index("routes/home.tsx", as("routes/home")),
    route("collection/:id", "routes/collection.tsx", as("routes/collection")),
    route("product/:id", "routes/product.tsx", as("product")),
    route("p/:customUrl", "routes/product.tsx", as("product-by-url")),
    route("wishlist", "routes/wishlist.tsx", as("routes/wishlist")),
    route("blog", "routes/blog.tsx", as("routes/blog")),
    route("blog/:slug", "routes/blog-post.tsx", as("routes/blog-post")),
    route("about", "routes/about.tsx", as("routes/about")),
    route("terms", "routes/terms.tsx", as("routes/terms")),
    route("privacy", "routes/privacy.tsx", as("routes/privacy")),
    route("refund-policy", "routes/refund-policy.tsx", as("routes/refund-policy")),
    route("sitemap", "routes/sitemap.tsx", as("routes/sitemap")),
  ];
  const buying = [
    route("cart", "routes/cart.tsx", as("routes/cart")),
    route("checkout", "routes/checkout.tsx", as("routes/checkout")),
    route("checkout/confirmation", "routes/checkout-confirmation.tsx", as("routes/checkout-confirmation")),
    route("track", "routes/track.tsx", as("routes/track")),
    // the shopper's confirm/cancel page, from the link in the WhatsApp message (decision 0071)
    route("order/confirm/:token", "routes/order-confirm.tsx", as("routes/order-confirm")),
  ];
  const accounts = [
    route("login", "routes/login.tsx", as("routes/login")),
    route("register", "routes/register.tsx", as("routes/register")),
    // forgotten passwords and email confirmation (decision 0077): the links' pages carry their token in the path
    route("forgot-password", "routes/forgot-password.tsx", as("routes/forgot-password")),
    route("reset-password/:token?", "routes/reset-password.tsx", as("routes/reset-password")),
    route("verify-email/:token", "routes/verify-email.tsx", as("routes/verify-email")),
    // the sign-in link after a lock-out (decision 0087)
    route("sign-in-link/:token", "routes/sign-in-link.tsx", as("routes/sign-in-link")),
    route("account", "routes/account.tsx", as("routes/account")),
  ];
  if (locale === "en") return [...browsing, ...buying, ...accounts];
  return [
    ...browsing,
    layout("routes/urdu-buying.tsx", { id: "ur:buying" }, buying),
    layout("routes/urdu-account.tsx", { id: "ur:account" }, accounts),
  ];
}

export default [
  ...storefront("en"),
  ...prefix("ur", [
    layout("routes/urdu.tsx", [...storefront("ur"), route("*", "routes/not-found.tsx", { id: "ur:routes/not-found" })]),
  ]),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("amp/product/:id", "routes/amp-preview.tsx", { id: "amp-preview" }),
  route("amp/p/:customUrl", "routes/amp-preview.tsx", { id: "amp-preview-by-url" }),
  route("amp/product/:id/amp.html", "routes/amp-document.ts"),
  // the staff console (decision 0054): its sign-in pages stand alone, the rest share its layout
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/code", "routes/admin/login-code.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("welcome", "routes/admin/welcome.tsx"),
    // a staff member's way back in by email (decision 0097)
    route("forgot-password", "routes/admin/forgot-password.tsx", { id: "admin-forgot-password" }),
    route("reset-password", "routes/admin/reset-password.tsx", { id: "admin-reset-password" }),
    // printed papers stand alone too: only the paper, never the console's menu (decision 0058)
    route("print", "routes/admin/print.tsx"),
    // a file, not a page: outside the layout, whose loader would run for nothing
    route("orders/export.csv", "routes/admin/orders-export.ts"),
    route("orders/live", "routes/admin/orders-live.ts"),
    route("products/url-check", "routes/admin/product-url-check.ts"),
    // before any products/:id route: these are not product ids
    route("products/export.csv", "routes/admin/products-export.ts"),
    // the ticked orders' airway bills and load sheet as PDFs (decision 0103)
    route("parcels/airway-bills.pdf", "routes/admin/parcels-pdf.ts", { id: "admin-parcels-airway-bills" }),
    route("parcels/load-sheet.pdf", "routes/admin/parcels-pdf.ts", { id: "admin-parcels-load-sheet" }),
    // every parcel's money for the accountant (decision 0106)
    route("money/export.csv", "routes/admin/money-export.ts"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/home.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/new", "routes/admin/order-new.tsx"),
      route("orders/:id", "routes/admin/order.tsx"),
      route("parcels/book", "routes/admin/parcels-book.tsx"),
      route("parcels/batches/:id", "routes/admin/parcel-batch.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      route("customers/:id", "routes/admin/customer.tsx"),
      route("block-list", "routes/admin/block-list.tsx"),
      route("reviews", "routes/admin/reviews.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("messages/replies", "routes/admin/replies.tsx"),
      route("calls", "routes/admin/calls.tsx"),
      route("parcels/attention", "routes/admin/parcels-attention.tsx"),
      route("money", "routes/admin/money.tsx"),
      route("money/batches/:id", "routes/admin/money-batch.tsx"),
      route("money/reports", "routes/admin/money-reports.tsx"),
      route("money/reports/:id", "routes/admin/money-report.tsx"),
      route("money/rates", "routes/admin/money-rates.tsx"),
      route("products/:id/photos", "routes/admin/product-photos.tsx"),
      route("collections", "routes/admin/collections.tsx"),
      route("collections/:id", "routes/admin/collection.tsx"),
      route("vouchers", "routes/admin/vouchers.tsx"),
      route("vouchers/new", "routes/admin/voucher.tsx", { id: "admin-voucher-new" }),
      route("vouchers/:id", "routes/admin/voucher.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("products/new", "routes/admin/product-edit.tsx", { id: "admin-product-new" }),
      route("products/:id", "routes/admin/product-edit.tsx", { id: "admin-product-edit" }),
      route("content", "routes/admin/content.tsx"),
      route("content/blog", "routes/admin/content-blog.tsx"),
      route("content/blog/:id", "routes/admin/content-blog-post.tsx"),
      route("content/announcements", "routes/admin/content-announcements.tsx"),
      route("content/home", "routes/admin/content-home.tsx"),
      route("content/policies/:slug", "routes/admin/content-policy.tsx"),
      route("stock", "routes/admin/stock.tsx"),
      route("products/import", "routes/admin/product-import.tsx"),
      route("products/:id/stock", "routes/admin/product-stock.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("settings/cities", "routes/admin/settings-cities.tsx"),
      route("settings/couriers", "routes/admin/settings-couriers.tsx"),
      route("settings/couriers/new", "routes/admin/settings-couriers-edit.tsx", { id: "admin-courier-new" }),
      route("settings/couriers/:id", "routes/admin/settings-couriers-edit.tsx"),
      route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
