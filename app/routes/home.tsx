import { listCollections } from "../../core/catalog/collections";
import { listProducts } from "../../core/catalog/products";
import { formatRupees } from "../../core/shared/money";
import { getSiteSettings } from "../../core/settings/site-settings";
import type { Route } from "./+types/home";

// A plain home page proving the request path (Fastify -> React Router -> core -> database);
// the storefront issue builds the real one.
export async function loader({ context }: Route.LoaderArgs) {
  const [settings, collections, latest] = await Promise.all([
    getSiteSettings(context.core),
    listCollections(context.core),
    listProducts(context.core, { limit: 8, offset: 0, sort: "newest" }),
  ]);
  return {
    siteName: settings.siteName,
    description: settings.defaultMetaDescription,
    collections: collections.map((c) => ({ id: c.id, name: c.name })),
    products: latest.items.map((p) => ({ id: p.id, name: p.name, price: formatRupees(p.minPricePaisa) })),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data?.siteName ?? "Store" },
    { name: "description", content: data?.description?.slice(0, 150) ?? "" },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="font-serif text-4xl tracking-tight">{loaderData.siteName}</h1>
      <p className="mt-3 text-stone-600">{loaderData.description}</p>
      <h2 className="mt-10 text-sm font-semibold uppercase tracking-widest">Collections</h2>
      <ul className="mt-3 flex flex-wrap gap-3">
        {loaderData.collections.map((c) => (
          <li key={c.id} className="rounded-full border border-stone-300 px-4 py-1.5 text-sm">
            {c.name}
          </li>
        ))}
      </ul>
      <h2 className="mt-10 text-sm font-semibold uppercase tracking-widest">New arrivals</h2>
      <ul className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-4">
        {loaderData.products.map((p) => (
          <li key={p.id}>
            <p className="text-sm">{p.name}</p>
            <p className="text-sm font-semibold">{p.price}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
