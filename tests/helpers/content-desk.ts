// The Content back office's API tests: one store a file (with the pages and their cache when built)
// with an owner, a catalogue and a fulfilment member, a photo in the media library, unique names, a
// staff call, the audit rows of an action, and a blog post made through the API.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { catalogue, startOrderDesk, t, withPages } from "./order-desk";
import { hasPageBuild } from "./page-app";
import { rows } from "./shop";
import { type TestStaff } from "./staff";

export { catalogue, owner, packer, t } from "./order-desk";
export let productIds: number[];
export let mediaUrl: string;
export const pages = hasPageBuild();
let serial = 0;
export const unique = (word: string) => `${word}-${Date.now().toString(36)}-${++serial}`;

export const call = (
  who: TestStaff | null,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? who.auth : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
export const get = (url: string) => t.app.inject({ method: "GET", url });
export const audits = (action: string) =>
  rows<{ action: string; entity_id: string | null; actor_id: number | null; changes: unknown }>(
    t,
    sql`select action, entity_id, actor_id, changes from audit_log where action = ${action} order by id`,
  );

export async function newPost(fields: Record<string, unknown> = {}, who = catalogue) {
  const res = await call(who, "POST", "/api/admin/blog-posts", {
    title: `Lawn care ${++serial}`,
    content: "<p>Wash <strong>cold</strong>.</p>",
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: number;
    slug: string;
    title: string;
    status: string;
    published_at: string | null;
    content: string;
  };
}

export function startContentStore() {
  startOrderDesk({ app: withPages({ cacheMs: 60_000 }), members: ["catalogue", "fulfilment"] }, async () => {
    productIds = (await rows<{ id: number }>(t, sql`select id from products where is_active order by id limit 10`)).map(
      (r) => r.id,
    );
    const [photo] = await rows<{ url: string }>(
      t,
      sql`select image_url as url from product_images where image_url like '/media/%' limit 1`,
    );
    mediaUrl = photo!.url;
  });
}
