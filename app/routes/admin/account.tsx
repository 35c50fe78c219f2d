// The member's own account: their password, and two-step sign-in with an authenticator app (set
// up by scanning a QR code and confirming a code from it) and one-time recovery codes, and the
// new-order alerts (decision 0094). A member with an initial password, or without the two-step
// sign-in the owner requires, is kept on this page until it is put right.
import { data, Form, useActionData, useLoaderData } from "react-router";
import { PASSWORD_RULE_MESSAGE } from "../../../core/accounts/form-rules";
import { changeOwnPassword } from "../../../core/staff/accounts";
import {
  addAlertDevice,
  confirmAlertPhone,
  getOrderAlerts,
  removeAlertDevice,
  removeAlertPhone,
  setAlertChannels,
  startAlertPhoneCheck,
} from "../../../core/orders/order-alerts";
import { can, ROLE_LABELS } from "../../../core/shared/permissions";
import { invalid } from "../../../core/shared/errors";
import {
  beginTwoStepSetup,
  confirmTwoStep,
  recoveryCodesLeft,
  renewRecoveryCodes,
  turnOffTwoStep,
  type TwoStepSetup,
} from "../../../core/staff/two-step";
import { ConsoleErrorBoundary } from "../../components/admin/ConsoleError";
import { CodeField, PageTitle, Panel, PasswordInput } from "../../components/admin/Fields";
import { Notice } from "../../components/admin/Notice";
import { SubmitButton } from "../../components/admin/SubmitButton";
import { TwoStepSetupSteps } from "../../components/admin/TwoStepSetup";
import {
  ALERT_INTENTS,
  OrderAlertsPanel,
  phoneText,
  type AlertsAnswer,
  type AlertsView,
} from "../../components/admin/OrderAlertsPanel";
import { consoleMeta, formText } from "../../lib/console";
import { formatDayTime } from "../../lib/dates";
import { formResult, requireStaff } from "../../lib/staff.server";
import type { Route } from "./+types/account";

export const meta = () => consoleMeta("Your account");
export const ErrorBoundary = ConsoleErrorBoundary;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request, context);
  return {
    name: `${actor.firstName} ${actor.lastName}`.trim(),
    email: actor.email,
    role: actor.role,
    twoStepEnabled: actor.twoStepEnabled,
    mustChangePassword: actor.mustChangePassword,
    mustSetUpTwoStep: actor.mustSetUpTwoStep,
    recoveryCodesLeft: actor.twoStepEnabled ? await recoveryCodesLeft(context.core, actor) : 0,
    alerts: await alertsView(actor, context),
  };
}

async function alertsView(
  actor: Awaited<ReturnType<typeof requireStaff>>,
  context: Route.LoaderArgs["context"],
): Promise<AlertsView> {
  const eligible = can(actor, "orders");
  const settings = eligible ? await getOrderAlerts(context.core, actor) : null;
  return {
    eligible,
    pushKey: context.config.vapid?.publicKey ?? null,
    whatsappSends: !!context.config.whatsapp,
    email: actor.email,
    settings: settings && {
      email: settings.email,
      whatsapp: settings.whatsapp,
      phone: settings.phone,
      pendingPhone: settings.pendingPhone,
      devices: settings.devices.map((d) => ({
        id: d.id,
        device: d.device,
        since: formatDayTime(d.createdAt),
        lastSent: d.lastSentAt ? formatDayTime(d.lastSentAt) : null,
        current: d.current,
      })),
    },
  };
}

/** The new-order alert forms (decision 0094): each one use-case in core, which checks the role. */
async function alertAction(
  intent: (typeof ALERT_INTENTS)[number],
  form: FormData,
  actor: Awaited<ReturnType<typeof requireStaff>>,
  request: Request,
  context: Route.ActionArgs["context"],
): Promise<AlertsAnswer> {
  const core = context.core;
  const json = (name: string): unknown => {
    try {
      return JSON.parse(formText(form, name).slice(0, 4000));
    } catch {
      return null;
    }
  };
  switch (intent) {
    case "alerts-email": {
      const on = formText(form, "on") === "1";
      await setAlertChannels(core, actor, { email: on });
      return { intent, done: on ? "New orders will be emailed to you." : "Email alerts are off." };
    }
    case "alerts-whatsapp": {
      const on = formText(form, "on") === "1";
      await setAlertChannels(core, actor, { whatsapp: on });
      return { intent, done: on ? "New orders will come to you on WhatsApp." : "WhatsApp alerts are off." };
    }
    case "phone-code": {
      const phone = await startAlertPhoneCheck(core, actor, { phone: formText(form, "phone") });
      return { intent, done: `A code is on its way to ${phoneText(phone)} on WhatsApp.` };
    }
    case "phone-confirm": {
      const phone = await confirmAlertPhone(core, actor, { code: formText(form, "code") });
      return { intent, done: `${phoneText(phone)} is confirmed. New orders will come to it on WhatsApp.` };
    }
    case "phone-remove":
      await removeAlertPhone(core, actor);
      return { intent, done: "Your number is removed. WhatsApp alerts are off." };
    case "push-on": {
      const device = await addAlertDevice(core, actor, json("subscription"), request.headers.get("user-agent"), {
        extraOrigins: context.config.pushServiceOrigins ?? [],
      });
      return { intent, done: `Notifications are on for this device (${device.device}).` };
    }
    case "push-off":
      await removeAlertDevice(core, actor, { endpoint: formText(form, "endpoint") });
      return { intent, done: "Notifications are off for this device." };
    case "device-remove": {
      const id = Number(formText(form, "id"));
      await removeAlertDevice(core, actor, { id: Number.isSafeInteger(id) ? id : 0 });
      return { intent, done: "That device no longer gets notifications." };
    }
  }
}

type Intent =
  | "password"
  | "two-step-begin"
  | "two-step-confirm"
  | "recovery-codes"
  | "two-step-off"
  | (typeof ALERT_INTENTS)[number];

interface AccountAnswer {
  intent: Intent;
  error?: string;
  done?: string;
  /** the secret being set up, shown again after a wrong code so the scanned QR stays right */
  setup?: TwoStepSetup;
  /** shown once, right after they are made */
  recoveryCodes?: string[];
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireStaff(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent") as Intent;
  const core = context.core;
  const answer = (run: () => Promise<AccountAnswer>, extra: Partial<AccountAnswer> = {}) =>
    formResult(run, { intent, ...extra });
  if ((ALERT_INTENTS as readonly string[]).includes(intent)) {
    return formResult(() => alertAction(intent as (typeof ALERT_INTENTS)[number], form, actor, request, context), {
      intent,
    });
  }
  switch (intent) {
    case "password":
      return answer(async () => {
        const next = formText(form, "new_password");
        if (next !== formText(form, "confirm")) throw invalid("The two new passwords are not the same.");
        await changeOwnPassword(core, actor, { current: formText(form, "current_password"), next });
        return { intent, done: "Your password is changed. You were signed out everywhere else." };
      });
    case "two-step-begin":
      return answer(async () => ({ intent, setup: await beginTwoStepSetup(core, actor) }));
    case "two-step-confirm": {
      const secret = formText(form, "secret");
      // after a wrong code the same secret again, so what they scanned still works
      const again = /^[A-Z2-7]{32}$/.test(secret) ? { setup: await beginTwoStepSetup(core, actor, secret) } : {};
      return answer(
        async () => ({
          intent,
          recoveryCodes: await confirmTwoStep(core, actor, { secret, code: formText(form, "code") }),
          done: "Two-step sign-in is on.",
        }),
        again,
      );
    }
    case "recovery-codes":
      return answer(async () => ({
        intent,
        recoveryCodes: await renewRecoveryCodes(core, actor, formText(form, "code")),
        done: "Your new recovery codes are below. The old ones no longer work.",
      }));
    case "two-step-off":
      return answer(async () => {
        await turnOffTwoStep(core, actor, formText(form, "code"));
        return { intent, done: "Two-step sign-in is off." };
      });
    default:
      return data({ intent, error: "Unknown action." }, { status: 400 });
  }
}

function Answer({ result, intent }: { result: AccountAnswer | undefined; intent: Intent | Intent[] }) {
  const mine = result && (Array.isArray(intent) ? intent.includes(result.intent) : result.intent === intent);
  if (!mine) return null;
  if (result.error) return <Notice kind="error">{result.error}</Notice>;
  return result.done ? <Notice kind="success">{result.done}</Notice> : null;
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mt-4 bg-amber-50 p-4 ring-1 ring-amber-200">
      <h3 className="font-semibold">Your recovery codes</h3>
      <p className="mt-1 text-sm text-stone-700">
        Write them down or keep them somewhere safe now: they are shown only this once. Each one signs you in once if
        you lose your phone.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="bg-white px-2 py-1 ring-1 ring-stone-200">
            {code}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ConsoleAccount() {
  const account = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as AccountAnswer | undefined;
  const setup = result?.setup;
  return (
    <>
      <PageTitle title="Your account" intro={`${account.email} · ${ROLE_LABELS[account.role]}`} />
      <div className="max-w-2xl space-y-6">
        {account.mustChangePassword && (
          <Notice kind="error">You were given a first password. Choose your own before you go on.</Notice>
        )}
        {account.mustSetUpTwoStep && !account.mustChangePassword && (
          <Notice kind="error">The store's owner requires two-step sign-in. Set it up below before you go on.</Notice>
        )}

        <Panel title="Password">
          <Form method="post" preventScrollReset className="space-y-4" aria-label="Change password">
            <input type="hidden" name="intent" value="password" />
            <Answer result={result} intent="password" />
            <PasswordInput name="current_password" label="Current password" autoComplete="current-password" />
            <PasswordInput
              name="new_password"
              label="New password"
              autoComplete="new-password"
              hint={PASSWORD_RULE_MESSAGE}
            />
            <PasswordInput name="confirm" label="New password again" autoComplete="new-password" />
            <SubmitButton>Change password</SubmitButton>
          </Form>
        </Panel>

        <Panel title="Two-step sign-in">
          <Answer result={result} intent={["two-step-begin", "two-step-confirm", "recovery-codes", "two-step-off"]} />
          {result?.recoveryCodes && <RecoveryCodes codes={result.recoveryCodes} />}
          {account.twoStepEnabled ? (
            <div className="mt-4 space-y-6">
              <p className="text-sm text-stone-700">
                On. Signing in asks for the code from your authenticator app. Recovery codes left:{" "}
                <strong>{account.recoveryCodesLeft}</strong>.
              </p>
              <Form method="post" preventScrollReset className="space-y-3" aria-label="New recovery codes">
                <input type="hidden" name="intent" value="recovery-codes" />
                <CodeField label="Code from your app, for new recovery codes" />
                <SubmitButton secondary>Make new recovery codes</SubmitButton>
              </Form>
              <Form method="post" preventScrollReset className="space-y-3" aria-label="Turn off two-step sign-in">
                <input type="hidden" name="intent" value="two-step-off" />
                <CodeField label="Code from your app, to turn it off" />
                <SubmitButton secondary>Turn off</SubmitButton>
              </Form>
            </div>
          ) : setup ? (
            <TwoStepSetupSteps setup={setup} />
          ) : (
            <Form method="post" preventScrollReset className="mt-2 space-y-3">
              <input type="hidden" name="intent" value="two-step-begin" />
              <p className="text-sm text-stone-700">
                Off. With it on, a stolen password alone cannot open the back office: signing in also asks for a code
                from an app on your phone.
              </p>
              <SubmitButton>Set up two-step sign-in</SubmitButton>
            </Form>
          )}
        </Panel>

        {!account.mustChangePassword && !account.mustSetUpTwoStep && (
          <OrderAlertsPanel view={account.alerts} result={result} />
        )}
      </div>
    </>
  );
}
