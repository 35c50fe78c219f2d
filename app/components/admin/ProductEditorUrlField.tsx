// The product editor's custom URL field: the address is checked against the other products a
// moment after typing stops (/admin/products/url-check), with a free one offered when it is taken.
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { describedBy, FieldError, useFieldError } from "./Fields";

type UrlAnswer = { available: boolean; message: string; suggestion: string | null; url: string };

/** The custom URL, checked against the other products a moment after typing stops. */
export function ProductEditorUrlField({ defaultValue, productId }: { defaultValue: string; productId: number | null }) {
  const id = useId();
  const [value, setValue] = useState(defaultValue);
  const fetcher = useFetcher<UrlAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    if (value === defaultValue) return;
    const timer = setTimeout(() => {
      const q = new URLSearchParams({ url: value });
      if (productId !== null) q.set("exclude", String(productId));
      void load(`/admin/products/url-check?${q}`);
    }, 400);
    return () => clearTimeout(timer);
  }, [value, defaultValue, productId, load]);
  const answer = value === defaultValue ? null : fetcher.data;
  const refused = useFieldError("custom_url", id);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        Custom URL
      </label>
      <div className="mt-1 flex items-center">
        <span className="px-2 text-sm text-stone-600">/p/</span>
        <input
          id={id}
          name="custom_url"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={80}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={!!refused.message || undefined}
          aria-describedby={describedBy(refused.message && refused.errorId, `${id}-hint`)}
          className="field aria-invalid:border-red-700"
        />
      </div>
      <FieldError id={refused.errorId} message={refused.message} />
      <p id={`${id}-hint`} aria-live="polite" className="mt-1 text-xs">
        {answer && answer.url === value.trim() ? (
          <span className={answer.available ? "text-emerald-800" : "text-red-800"}>
            {answer.message}
            {answer.suggestion && (
              <>
                {" "}
                <button type="button" className="underline" onClick={() => setValue(answer.suggestion!)}>
                  Use {answer.suggestion}
                </button>
              </>
            )}
          </span>
        ) : (
          <span className="text-stone-600">
            Lowercase letters, digits and hyphens. Empty: the product's number is used.
          </span>
        )}
      </p>
    </div>
  );
}
