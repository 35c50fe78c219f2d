// The notice above the account while its email is unconfirmed: an unconfirmed email opens no guest
// orders (decisions 0022, 0077) until its link is opened; the link can be sent again from here, a
// few times an hour.
import { useState } from "react";
import { ApiError, api, errorText } from "../../lib/api";
import { refreshStoredUser } from "../../lib/refresh-user";
import { useT } from "../../i18n/t";
import { Sentence } from "../Sentence";
import { shopperMessage } from "../../lib/shopper-messages";

export function VerifyNotice({ email }: { email: string }) {
  const t = useT();
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  });

  async function resend() {
    setState({ busy: true, message: null, failed: false });
    try {
      const answer = await api<{ detail: string }>("/users/me/verification-email", { method: "POST", auth: true });
      setState({ busy: false, message: shopperMessage(t, answer.detail), failed: false });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // confirmed in another tab or on another device meanwhile: the notice goes away
        void refreshStoredUser();
      }
      setState({
        busy: false,
        message: shopperMessage(t, errorText(error, "We could not send the link. Please try again.")),
        failed: true,
      });
    }
  }

  return (
    <section
      aria-labelledby="verify-title"
      className="mt-6 bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200 md:flex md:items-center md:gap-6"
    >
      <div className="md:flex-1">
        <h2 id="verify-title" className="font-semibold">
          {t("Your email is not verified")}
        </h2>
        <p className="mt-1">
          {t.locale === "en" ? (
            <>
              We sent a link to <span className="font-medium break-all">{email}</span>. Open it to confirm your address;
              orders you placed as a guest with this email then appear in My Orders.
            </>
          ) : (
            <Sentence
              text={t(
                "We sent a link to {email}. Open it to confirm your address; orders you placed as a guest with this email then appear in My Orders.",
              )}
              parts={{
                email: (
                  <span className="font-medium break-all" dir="ltr">
                    {email}
                  </span>
                ),
              }}
            />
          )}
        </p>
        {state.message && (
          <p
            role={state.failed ? "alert" : "status"}
            className={`mt-2 font-medium ${state.failed ? "text-red-800" : ""}`}
          >
            {state.message}
          </p>
        )}
      </div>
      <button type="button" onClick={resend} disabled={state.busy} className="btn-secondary mt-3 min-h-10 md:mt-0">
        {state.busy ? t("Sending…") : t("Send the link again")}
      </button>
    </section>
  );
}
