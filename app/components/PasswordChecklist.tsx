import { PASSWORD_RULES } from "../../core/accounts/form-rules";
import { useT } from "../i18n/t";

/** The live checklist of the password rules (spec §5 Register), under a new-password field. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const t = useT();
  return (
    <ul id={id} aria-label={t("Password requirements")} className="mt-2 grid gap-1 text-sm">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.label}
            data-met={met}
            className={`flex items-center gap-2 ${met ? "text-emerald-800" : "text-stone-600"}`}
          >
            <span
              aria-hidden="true"
              className={`grid h-4 w-4 place-items-center rounded-full text-[10px] ${met ? "bg-emerald-700 text-white" : "ring-1 ring-stone-400"}`}
            >
              {met ? "✓" : ""}
            </span>
            {t(rule.label)}
            <span className="sr-only">{met ? t("(done)") : t("(not yet)")}</span>
          </li>
        );
      })}
    </ul>
  );
}
