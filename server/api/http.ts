// Small pieces every API route file shares: id parameters, cached JSON answers.
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { CoreContext } from "../../core/context";
import { serialize } from "../serialize";

const MAX_INT = 2_147_483_647;

/** A query's date or time ("2026-11-22" or a full ISO time), as a Date; the length is checked first. */
export const momentSchema = (name: string) =>
  z
    .string()
    .max(40, `${name} must be a date or time, such as 2026-11-22`)
    .transform((value, ctx) => {
      const at = new Date(value);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: "custom", message: `${name} must be a date or time, such as 2026-11-22` });
        return z.NEVER;
      }
      return at;
    })
    .optional();

/** A path or query id: a positive whole number that fits the database's integer. */
export const idSchema = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .min(1, `${name} must be a positive whole number`)
    .max(MAX_INT, `${name} must be a positive whole number`);

export const idParams = z.object({ id: idSchema("id") });

/** ?limit= : a whole number from 1 to max, `fallback` when absent. */
export const limitSchema = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int(`limit must be a whole number from 1 to ${max}`)
    .min(1, `limit must be a whole number from 1 to ${max}`)
    .max(max, `limit must be a whole number from 1 to ${max}`)
    .default(fallback);

/** ?offset= : a whole number of at least 0. */
export const offsetSchema = z.coerce
  .number()
  .int("offset must be a whole number of at least 0")
  .min(0, "offset must be a whole number of at least 0")
  .max(1_000_000, "offset is too large")
  .default(0);

/** ?limit=&offset= for a paged list. */
export const pageQuery = (max: number, fallback = max) =>
  z.object({ limit: limitSchema(max, fallback), offset: offsetSchema });

// public catalogue answers may be kept by a CDN briefly; the page fixes stock at add-to-cart
export const PUBLIC_CACHE = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

/**
 * Answers a GET with JSON that this process may reuse for a few seconds (decision 0016):
 * the serialized bytes are cached per URL, and every write clears the cache, or only the
 * answers tagged with what it changed (`tags`: what the answer was made from; decision 0052).
 */
export async function sendCachedJson(
  core: CoreContext,
  request: FastifyRequest,
  reply: FastifyReply,
  load: () => Promise<unknown>,
  tags: readonly string[] = [],
): Promise<FastifyReply> {
  // keyed by the route and its parsed parameters, not the raw URL: a parameter no schema knows
  // (?bench=1, ?fbclid=…) or another spelling of the same query shares one entry rather than
  // making one each. A call with no query schema reads no query, so its
  // query is no part of the key: Fastify parses one anyway, and every ?fbclid= a shared link
  // carries made its own entry and loaded the product again.
  const query = request.routeOptions.schema?.querystring ? request.query : {};
  const cached = await core.cache.getOrLoad(
    `api:${request.routeOptions.url}:${JSON.stringify(request.params)}:${JSON.stringify(query)}`,
    async () => {
      const value = await load();
      // kept as bytes: a large listing is then not encoded again for every request
      return value instanceof WithHeaders
        ? { body: Buffer.from(serialize(value.body)), headers: value.headers, tags: [...tags, ...value.tags] }
        : { body: Buffer.from(serialize(value)), headers: undefined, tags };
    },
    (answer) => answer.tags,
    (answer) => answer.body.length,
  );
  if (cached.headers) reply.headers(cached.headers);
  return reply.header("cache-control", PUBLIC_CACHE).type("application/json; charset=utf-8").send(cached.body);
}

/** An answer body with headers that belong to it (and are cached with it), and tags learnt while loading it. */
export class WithHeaders {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string>,
    readonly tags: readonly string[] = [],
  ) {}
}
