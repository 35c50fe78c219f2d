// The pictures a blog post may feature (decision 0067): any the store already shows, that is
// a product photo, a collection's picture or another post's picture. Staff upload new ones with
// the product photos (point 2); an address from elsewhere is refused.
import { asc, eq, like } from "drizzle-orm";
import type { CoreContext } from "../context";
import type { Db } from "../../db/client";
import { blogs, collections, productImages } from "../../db/schema";
import { invalid } from "../shared/errors";

export async function isKnownMedia(db: Db, url: string): Promise<boolean> {
  const [a, b, c] = await Promise.all([
    db.select({ x: productImages.id }).from(productImages).where(eq(productImages.imageUrl, url)).limit(1),
    db.select({ x: collections.id }).from(collections).where(eq(collections.imageUrl, url)).limit(1),
    db.select({ x: blogs.id }).from(blogs).where(eq(blogs.featuredImageUrl, url)).limit(1),
  ]);
  return a.length + b.length + c.length > 0;
}

export async function requireKnownMedia(db: Db, field: string, url: string | null): Promise<void> {
  if (url !== null && !(await isKnownMedia(db, url))) {
    throw invalid(`${field} must be one of the store's pictures (/media/…), or empty for none`);
  }
}

/** Pictures to choose from: posts' pictures, then collections', then products' main photos. */
export async function listMediaChoices(ctx: CoreContext, limit = 300): Promise<string[]> {
  const [posts, hero, photos] = await Promise.all([
    ctx.db
      .selectDistinct({ url: blogs.featuredImageUrl })
      .from(blogs)
      .where(like(blogs.featuredImageUrl, "/media/%"))
      .orderBy(asc(blogs.featuredImageUrl)),
    ctx.db
      .selectDistinct({ url: collections.imageUrl })
      .from(collections)
      .where(like(collections.imageUrl, "/media/%"))
      .orderBy(asc(collections.imageUrl)),
    ctx.db
      .selectDistinct({ url: productImages.imageUrl })
      .from(productImages)
      .where(like(productImages.imageUrl, "/media/%"))
      .orderBy(asc(productImages.imageUrl))
      .limit(limit),
  ]);
  const urls = [...posts, ...hero, ...photos].map((r) => r.url).filter((u): u is string => !!u);
  return [...new Set(urls)].slice(0, limit);
}
