// The checkout's promo code box (spec §5): the code typed in capitals and applied with its button
// or Enter, or the applied voucher with its message and Remove.
import { useState } from "react";
import type { AppliedVoucher } from "../../lib/voucher-check";
import { useT } from "../../i18n/t";
import { shopperMessage } from "../../lib/shopper-messages";

export function VoucherBox({
  initialCode,
  applied,
  onApply,
  onRemove,
  error,
  checking,
}: {
  initialCode: string;
  applied: AppliedVoucher | null;
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => void;
  error: string | null;
  checking: boolean;
}) {
  const t = useT();
  const [code, setCode] = useState(initialCode);
  const [required, setRequired] = useState(false);

  async function apply() {
    // spec §5: a code is required
    if (!code.trim()) {
      setRequired(true);
      return;
    }
    if (await onApply(code.trim())) setCode("");
  }

  if (applied) {
    return (
      <div
        className="flex items-start justify-between gap-3 border border-emerald-700/40 bg-emerald-50 p-3 text-sm"
        data-testid="voucher-applied"
      >
        <div>
          <p className="font-semibold tracking-wider">{t("{code} applied", { code: applied.code })}</p>
          {/* the owner's message for the voucher stays as written; the store's own words are translated */}
          <p className="mt-0.5 text-xs text-emerald-900">{shopperMessage(t, applied.message)}</p>
        </div>
        <button
          type="button"
          onClick={onRemove}
          className="text-xs font-semibold tracking-[0.15em] uppercase underline underline-offset-4"
        >
          {t("Remove")}
        </button>
      </div>
    );
  }
  const message = required && !code.trim() ? t("Please enter a voucher code") : error && shopperMessage(t, error);
  return (
    <div>
      <label htmlFor="voucher-code" className="mb-1 block text-sm font-medium">
        {t("Promo code")}
      </label>
      <div className="flex gap-2">
        <input
          id="voucher-code"
          value={code}
          // spec §5: forced to uppercase
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setRequired(false);
          }}
          onKeyDown={(e) => {
            // Enter applies the code; it must not place the order
            if (e.key === "Enter") {
              e.preventDefault();
              if (!checking) void apply();
            }
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "voucher-message" : undefined}
          className="field min-w-0 flex-1 uppercase placeholder:normal-case"
          placeholder={t("Enter code")}
        />
        <button
          type="button"
          onClick={apply}
          disabled={!code.trim() || checking}
          className="btn-secondary shrink-0 px-4"
        >
          {checking ? t("Checking…") : t("Apply")}
        </button>
      </div>
      {message && (
        <p id="voucher-message" role="alert" className="mt-1 text-xs font-medium text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}
