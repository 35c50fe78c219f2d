// The two-step set-up screen of the console's account page (decision 0097). An owner who runs the
// shop from her phone cannot scan a QR code shown on the phone that holds the authenticator, so
// beside the code there is the same otpauth:// link to tap (authenticator apps on Android and iOS
// open it and add the account: issuer the store's name, account the member's email, made by the
// otpauth library in core), and the key in groups of four to read or copy (copied without spaces,
// as apps take it).
import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { TwoStepSetup } from "../../../core/staff/two-step";
import { CopyButton } from "./CopyButton";
import { CodeField } from "./Fields";

/** "ABCDEFGHIJKL" -> "ABCD EFGH IJKL": easier to read off and type in. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

export function TwoStepSetupSteps({ setup }: { setup: TwoStepSetup }) {
  const key = useRef<HTMLElement>(null);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mt-2 space-y-4">
      <ol className="list-decimal space-y-1 ps-5 text-sm text-stone-700">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 2FAS…).</li>
        <li>On this phone, tap “Add to authenticator app”. On a computer, scan the QR code with the app.</li>
        <li>Enter the six-digit code the app shows.</li>
      </ol>
      <p>
        {/* opens the phone's authenticator app, which offers to add this store's account */}
        <a href={setup.uri} className="btn-primary">
          Add to authenticator app
        </a>
      </p>
      <img
        src={`data:image/svg+xml;base64,${btoa(setup.qrSvg)}`}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="bg-white ring-1 ring-stone-200"
      />
      <div className="text-sm">
        <p className="text-stone-700">Or type this key into the app (time-based, six digits):</p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <code
            ref={key}
            className="bg-stone-100 px-2 py-1 font-mono text-base tracking-wide break-all"
            data-testid="totp-secret"
          >
            {groupedKey(setup.secret)}
          </code>
          <CopyButton text={setup.secret} what="the key" selectTarget={() => key.current} />
        </div>
      </div>
      <Form method="post" preventScrollReset className="space-y-3" aria-label="Confirm two-step sign-in">
        <input type="hidden" name="intent" value="two-step-confirm" />
        <input type="hidden" name="secret" value={setup.secret} />
        <CodeField label="Six-digit code" />
        <button type="submit" disabled={busy} className="btn-primary">
          Turn on
        </button>
      </Form>
    </div>
  );
}
