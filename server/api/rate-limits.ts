// Counts an API request against its client's limit (core/shared/client-limits.ts).
import type { FastifyRequest } from "fastify";
import type { CoreContext } from "../../core/context";
import { enforceLimit } from "../../core/shared/rate-limit";
import { RATE_LIMITS, type RateLimit } from "../../core/shared/client-limits";

export { RATE_LIMITS };

/** Counts this request against the named limit for its client address; 429 beyond it. */
export function limitByClient(
  core: CoreContext,
  name: keyof typeof RATE_LIMITS,
  request: FastifyRequest,
): Promise<void> {
  const rule: RateLimit = RATE_LIMITS[name];
  return enforceLimit(core.limiter, `${name}:ip:${request.ip}`, rule.limit, rule.windowSeconds, rule.message);
}
