// The one shape of a staff API route (decision 0053): the staff token checked for the route's
// permission before the body is read, the operation described under the "admin" tag with that
// permission (docs.ts), and the handler given the acting StaffActor. A resource's file then holds
// only its schemas, its answers and its calls to core:
//
//   const staff = staffRoutes(app, core, "couriers");
//   staff.get(
//     "/admin/couriers/:id",
//     { operationId: "getCourier", summary: "One courier", response: answers({ 200: courierAnswer }, 404), params: idParams },
//     async (actor, { params }) => presentCourier(await getCourier(core, actor, params.id)),
//   );
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { CoreContext } from "../../../core/context";
import type { Permission, StaffActor } from "../../../core/shared/permissions";
import { requireStaff, staffActor } from "../../plugins/staff-auth";
import type { answers } from "../answers";
import { staffOperation } from "./docs";

/** What a staff operation declares: its id and summary, its answers, and the parts of the request it reads. */
export interface StaffOperation {
  operationId: string;
  summary: string;
  response: ReturnType<typeof answers>;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
}

type StaffSchema<O extends StaffOperation> = Omit<O, "summary"> & ReturnType<typeof staffOperation>;

/** The request of a staff route, its params, query and body typed by the operation's schemas. */
export type StaffRequest<O extends StaffOperation> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  StaffSchema<O>,
  ZodTypeProvider
>;

export type StaffReply<O extends StaffOperation> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  StaffSchema<O>,
  ZodTypeProvider
>;

export type StaffHandler<O extends StaffOperation> = (
  actor: StaffActor,
  request: StaffRequest<O>,
  reply: StaffReply<O>,
) => unknown;

/** Route options beside the schema, for the few routes that need one (a larger body, a member who owes a password). */
export interface StaffRouteOptions {
  bodyLimit?: number;
  whileOwed?: boolean;
}

/**
 * The staff routes of one permission (null: any signed-in staff member): get, post, put, patch
 * and delete, each taking the address, the operation and the handler.
 */
export function staffRoutes(app: FastifyInstance, core: CoreContext, permission: Permission | null) {
  const guard = requireStaff(core, permission);
  const add =
    (method: HTTPMethods) =>
    <const O extends StaffOperation>(
      url: string,
      operation: O,
      handler: StaffHandler<O>,
      options: StaffRouteOptions = {},
    ): void => {
      const { operationId, summary, response, ...parts } = operation;
      const { whileOwed, ...routeOptions } = options;
      // in the order the routes wrote them by hand, so the document reads the same
      const schema: FastifySchema = { operationId, response, ...staffOperation(permission, summary), ...parts };
      app.route({
        method,
        url,
        schema,
        onRequest: whileOwed ? requireStaff(core, permission, { whileOwed }) : guard,
        ...routeOptions,
        // the handler's request and reply are typed by its operation (StaffHandler)
        handler: (request, reply) => handler(staffActor(request), request as never, reply as never),
      });
    };
  return { get: add("GET"), post: add("POST"), put: add("PUT"), patch: add("PATCH"), delete: add("DELETE") };
}

export type StaffRoutes = ReturnType<typeof staffRoutes>;

/** A page of a list: its items presented, and how many match over all pages in X-Total-Count (with `counts`, more headers). */
export function sendPage<T, R>(
  reply: { header(name: string, value: string): unknown },
  page: { items: T[]; total: number },
  present: (item: T) => R,
  counts: Record<string, number> = {},
): R[] {
  reply.header("x-total-count", String(page.total));
  for (const [header, count] of Object.entries(counts)) reply.header(header, String(count));
  return page.items.map(present);
}
