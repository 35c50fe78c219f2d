// The five routes every ordered list of the home page has in the staff API (announcements,
// sections, videos; decision 0067): the list in order, adding at the end, putting the list in
// order, changing one and deleting one. Only the names, the texts and the shapes differ, so each
// list gives those and its core use-cases, and the routes are made here once.
import { z } from "zod";
import type { CoreContext } from "../../../core/context";
import type { StaffActor } from "../../../core/shared/permissions";
import { idParams } from "../http";
import { answers } from "../answers";
import { deletedAnswer, orderBody } from "./content-fields";
import type { StaffRoutes } from "./staff-routes";

/** An operation's id and summary in the API document. */
type Described = readonly [operationId: string, summary: string];

export interface OrderedList<Row, Body extends z.ZodType, Input> {
  /** the list's address, such as /admin/announcements */
  path: string;
  answer: z.ZodType;
  present: (row: Row) => unknown;
  /** what adding and changing one read; `input` turns it into core's words */
  body: Body;
  input: (body: z.infer<Body>) => Input;
  list: (core: CoreContext, actor: StaffActor) => Promise<Row[]>;
  add: (core: CoreContext, actor: StaffActor, input: Input) => Promise<Row>;
  reorder: (core: CoreContext, actor: StaffActor, ids: number[]) => Promise<Row[]>;
  update: (core: CoreContext, actor: StaffActor, id: number, input: Input) => Promise<Row>;
  remove: (core: CoreContext, actor: StaffActor, id: number) => Promise<{ id: number }>;
  /** each route's operation id and summary, as the document shows them */
  described: { list: Described; add: Described; reorder: Described; update: Described; remove: Described };
}

export function orderedListRoutes<Row, Body extends z.ZodType, Input>(
  staff: StaffRoutes,
  core: CoreContext,
  list: OrderedList<Row, Body, Input>,
) {
  const { path, answer, present, body, input, described: d } = list;
  const many = async (rows: Promise<Row[]>) => (await rows).map(present);
  const op = ([operationId, summary]: Described) => ({ operationId, summary });

  staff.get(path, { ...op(d.list), response: answers({ 200: z.array(answer) }) }, async (actor) =>
    many(list.list(core, actor)),
  );
  staff.post(path, { ...op(d.add), response: answers({ 201: answer }), body }, async (actor, request, reply) =>
    reply.status(201).send(present(await list.add(core, actor, input(request.body as z.infer<Body>)))),
  );
  staff.put(
    `${path}/order`,
    { ...op(d.reorder), response: answers({ 200: z.array(answer) }, 409), body: orderBody },
    async (actor, request) => many(list.reorder(core, actor, request.body.ids)),
  );
  staff.patch(
    `${path}/:id`,
    { ...op(d.update), response: answers({ 200: answer }, 404), params: idParams, body },
    async (actor, request) =>
      present(await list.update(core, actor, request.params.id, input(request.body as z.infer<Body>))),
  );
  staff.delete(
    `${path}/:id`,
    { ...op(d.remove), response: answers({ 200: deletedAnswer }, 404), params: idParams },
    async (actor, request) => list.remove(core, actor, request.params.id),
  );
}
