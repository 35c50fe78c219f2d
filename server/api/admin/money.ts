// Placeholder while these routes are built; replaced in this same piece of work.
import type { FastifyInstance } from "fastify";
import type { CoreContext } from "../../../core/context";
import type { AppConfig } from "../../config";

export async function adminMoneyRoutes(_app: FastifyInstance, _options: { core: CoreContext; config: AppConfig }) {}
