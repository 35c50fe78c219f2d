// The buttons of a courier account, on the list and on its own page: test its connection and
// make it the default courier. Each is a one-button form that posts its intent and the account's
// id, so they work before the page's script loads; the answer shows beside them.
import { Form } from "react-router";
import { Notice } from "../Notice";

export interface AccountAnswer {
  intent?: string;
  /** the account the answer is about */
  id?: string;
  error?: string;
  done?: string;
}

export function CourierAccountActions({
  id,
  label,
  canBeDefault,
  answer,
  busy,
  children,
}: {
  id: number;
  label: string;
  /** active and not the default yet */
  canBeDefault: boolean;
  answer: AccountAnswer | undefined;
  busy: boolean;
  /** more buttons or links after these */
  children?: React.ReactNode;
}) {
  const mine = answer && answer.id === String(id) && (answer.intent === "test" || answer.intent === "default");
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Form method="post" preventScrollReset aria-label={`Test the connection of ${label}`}>
          <input type="hidden" name="intent" value="test" />
          <input type="hidden" name="id" value={id} />
          <button type="submit" disabled={busy} className="btn-secondary">
            Test connection
          </button>
        </Form>
        {canBeDefault && (
          <Form method="post" preventScrollReset aria-label={`Make ${label} the default courier`}>
            <input type="hidden" name="intent" value="default" />
            <input type="hidden" name="id" value={id} />
            <button type="submit" disabled={busy} className="btn-secondary">
              Make default
            </button>
          </Form>
        )}
        {children}
      </div>
      {mine && answer.error && <Notice kind="error">{answer.error}</Notice>}
      {mine && answer.done && <Notice kind="success">{answer.done}</Notice>}
    </div>
  );
}
