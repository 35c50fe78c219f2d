// The shop's block list (decision 0073): phones and delivery addresses whose
// orders are held for a call, newest first, each with its reason, who added it and when; a form to
// add a phone (any Pakistani form) or an address with its city, and a button to take one off.
// Staff with the orders permission; core checks and audits every change.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { addBlocked, listBlocked, removeBlocked } from "../../../core/orders/block-list";
import { BLOCK_LIMITS } from "../../../core/orders/risk-rules";
import { invalid } from "../../../core/shared/errors";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { ConsoleForm, PageTitle, Panel, TextField } from "../../components/admin/Fields";
import { ListCount, listHref, pageCount, Pager } from "../../components/admin/Lists";
import { Notice, Revealed } from "../../components/admin/Notice";
import { consoleMeta, formText, pageParam } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/block-list";

export const meta = () => consoleMeta("Block list");
export const ErrorBoundary = ConsoleErrorBoundary;

const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context, "orders");
  const page = pageParam(new URL(request.url).searchParams);
  const found = await listBlocked(context.core, actor, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    page,
    pages: pageCount(found.total, PAGE_SIZE),
    total: found.total,
    items: found.items.map((e) => ({
      id: e.id,
      kind: e.kind,
      display: e.display,
      reason: e.reason,
      by: e.createdBy?.name ?? "A former member",
      when: formatDayTime(e.createdAt),
    })),
  };
}

interface BlockAnswer {
  intent: string;
  error?: string;
  done?: string;
  field?: string;
  /** input name → message (formResult) */
  fields?: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context, "orders");
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "remove") {
    return formResult<BlockAnswer>(
      async () => {
        const id = Number(formText(form, "id"));
        if (!Number.isSafeInteger(id) || id <= 0) throw invalid("Choose an entry to remove.");
        await removeBlocked(context.core, actor, id);
        return { intent, done: "Taken off the block list." };
      },
      { intent },
    );
  }
  if (intent === "phone" || intent === "address") {
    return formResult<BlockAnswer>(
      async () => {
        const reason = formText(form, "reason");
        const entry =
          intent === "phone"
            ? await addBlocked(context.core, actor, { kind: "phone", phone: formText(form, "phone"), reason })
            : await addBlocked(context.core, actor, {
                kind: "address",
                address: formText(form, "address"),
                city: formText(form, "city"),
                reason,
              });
        return { intent, done: `${entry.display} is on the block list. Its new orders are held for a call.` };
      },
      { intent },
    );
  }
  return { intent, error: "Unknown action." } satisfies BlockAnswer;
}

/**
 * The answer to one of the page's forms, at its top: what was done, or a refusal that names no
 * field (a refused phone or address shows under its field, decision 0096).
 */
function Answer({ answer, intent }: { answer: BlockAnswer | undefined; intent: string }) {
  if (answer?.intent !== intent) return null;
  if (answer.error && answer.fields && Object.keys(answer.fields).length > 0) return null;
  return (
    <Revealed>
      {answer.error ? <Notice kind="error">{answer.error}</Notice> : <Notice kind="success">{answer.done}</Notice>}
    </Revealed>
  );
}

export default function ConsoleBlockList() {
  const { items, total, page, pages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as BlockAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageTitle
        title="Block list"
        intro="Orders from these phones or to these addresses are held until the shop calls. The shopper can still order and is told politely that the shop will call to confirm."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Blocked phones and addresses" className="min-w-0">
          <ListCount total={total} page={page} pages={pages} noun={["entry", "entries"]} empty="Nothing is blocked." />
          <Answer answer={answer} intent="remove" />
          <ul className="mt-2 divide-y divide-stone-200 bg-white ring-1 ring-stone-200" aria-label="Block list">
            {items.map((e) => (
              <li key={e.id} className="flex flex-wrap items-start gap-3 p-3 text-sm">
                <div className="min-w-0 flex-1">
                  <p>
                    <span className="me-2 bg-stone-100 px-1.5 py-0.5 text-xs font-semibold uppercase">
                      {e.kind === "phone" ? "Phone" : "Address"}
                    </span>
                    <span className="font-semibold break-words">{e.display}</span>
                  </p>
                  {e.reason && <p className="mt-1 text-stone-700">{e.reason}</p>}
                  <p className="mt-1 text-xs text-stone-600">
                    {e.by} · {e.when}
                  </p>
                </div>
                <Form method="post" preventScrollReset aria-label={`Remove ${e.display}`}>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={e.id} />
                  <button type="submit" disabled={busy} className="btn-secondary">
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} href={(n) => listHref("/admin/block-list", { page: n })} />
          <p className="mt-4 text-sm">
            <Link to="/admin/orders?held=1" className="underline underline-offset-4">
              Orders held for a call
            </Link>
          </p>
        </section>
        <div className="space-y-6">
          <Panel title="Block a phone">
            <ConsoleForm
              answer={answer?.intent === "phone" ? answer : undefined}
              method="post"
              preventScrollReset
              className="space-y-3"
              aria-label="Block a phone"
            >
              <input type="hidden" name="intent" value="phone" />
              <Answer answer={answer} intent="phone" />
              <TextField
                name="phone"
                label="Phone"
                type="tel"
                inputMode="numeric"
                maxLength={BLOCK_LIMITS.phone}
                required
                hint="Any form: 0300-1234567, +92 300 1234567, 923001234567"
              />
              <TextField name="reason" label="Reason (optional)" maxLength={BLOCK_LIMITS.reason} />
              <button type="submit" disabled={busy} className="btn-primary">
                Block phone
              </button>
            </ConsoleForm>
          </Panel>
          <Panel title="Block an address">
            <ConsoleForm
              answer={answer?.intent === "address" ? answer : undefined}
              method="post"
              preventScrollReset
              className="space-y-3"
              aria-label="Block an address"
            >
              <input type="hidden" name="intent" value="address" />
              <Answer answer={answer} intent="address" />
              <TextField
                name="address"
                label="Address"
                maxLength={BLOCK_LIMITS.address}
                required
                hint="Compared ignoring case, spaces and punctuation"
              />
              <TextField name="city" label="City" maxLength={BLOCK_LIMITS.city} required />
              <TextField name="reason" label="Reason (optional)" maxLength={BLOCK_LIMITS.reason} />
              <button type="submit" disabled={busy} className="btn-primary">
                Block address
              </button>
            </ConsoleForm>
          </Panel>
        </div>
      </div>
    </>
  );
}
