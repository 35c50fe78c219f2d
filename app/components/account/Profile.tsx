// The account's Profile tab (spec §4 Profile, §5 Profile edit): the details as a list, and the
// form that edits them (the email cannot change, decision 0022).
import { useState } from "react";
import { checkProfile } from "../../../core/accounts/form-rules";
import { api, errorText } from "../../lib/api";
import { formatDay } from "../../lib/dates";
import { storeUser, type StoredUser } from "../../lib/session";
import { useT } from "../../i18n/t";
import { toast } from "../../lib/toast";
import { shopperMessage } from "../../lib/shopper-messages";

/** "21 November 2026" in Urdu, in Pakistan time. */
function urduDay(tag: string, value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(tag, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Asia/Karachi",
  }).format(date);
}

export function Profile({ user, onSaved }: { user: StoredUser; onSaved: (user: StoredUser) => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const initial = {
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username ?? "",
    phone: user.phone ?? "",
  };
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function cancel() {
    // spec §4: Cancel resets the fields
    setForm(initial);
    setErrors({});
    setEditing(false);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields: Record<string, string | undefined> = checkProfile(form);
    setErrors(
      Object.fromEntries(
        Object.entries(fields).map(([key, message]) => [key, shopperMessage(t, message ?? "")]),
      ) as Record<string, string>,
    );
    if (Object.keys(fields).length > 0) return;
    setBusy(true);
    try {
      const updated = await api<StoredUser>("/users/me", {
        method: "PUT",
        auth: true,
        body: { first_name: form.first_name, last_name: form.last_name, username: form.username, phone: form.phone },
      });
      // spec §4: Save updates the stored user
      storeUser(updated);
      onSaved(updated);
      setEditing(false);
      toast.success("Profile updated successfully!");
    } catch (error) {
      // spec §8 only logs profile update errors; a field the server refused is worth showing
      console.error(error);
      setErrors({ form: shopperMessage(t, errorText(error, "Failed to update profile. Please try again.")) });
    } finally {
      setBusy(false);
    }
  }

  // the label, the value, and whether the value is written left to right (an address, a number)
  const rows: [string, string | null, boolean][] = [
    ["First name", user.first_name, false],
    ["Last name", user.last_name, false],
    ["Email", user.email, true],
    ["Username", user.username || null, true],
    ["Phone", user.phone || null, true],
    ["Member since", t.locale === "en" ? formatDay(user.created_at) : urduDay(t.tag, user.created_at), false],
  ];
  const ltr = t.locale === "ur" ? "ltr" : undefined;

  if (!editing) {
    return (
      <section aria-labelledby="profile-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-title" className="font-serif text-2xl">
            {t("Profile")}
          </h2>
          <button type="button" onClick={() => setEditing(true)} className="btn-secondary min-h-10">
            {t("Edit Profile")}
          </button>
        </div>
        <dl className="mt-6 divide-y divide-stone-100 text-sm">
          {rows.map(([label, value, leftToRight]) => (
            <div key={label} className="grid grid-cols-[8.5rem_1fr] gap-3 py-3 md:grid-cols-[12rem_1fr]">
              <dt className="text-stone-600">{t(label)}</dt>
              {value === null ? (
                <dd className="break-words text-stone-500 italic">{t("Not set")}</dd>
              ) : (
                <dd className="break-words">{leftToRight && ltr ? <span dir={ltr}>{value}</span> : value}</dd>
              )}
            </div>
          ))}
        </dl>
      </section>
    );
  }

  const field = (key: keyof typeof form, label: string, autoComplete: string, hint?: string) => (
    <div>
      <label htmlFor={`profile-${key}`} className="block text-sm font-semibold">
        {t(label)}
        {hint && <span className="ms-1 font-normal text-stone-600">{t(hint)}</span>}
      </label>
      <input
        id={`profile-${key}`}
        dir={key === "username" || key === "phone" ? ltr : undefined}
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        autoComplete={autoComplete}
        maxLength={100}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `profile-${key}-error` : undefined}
        className="field mt-1"
      />
      {errors[key] && (
        <p id={`profile-${key}-error`} className="mt-1 text-sm text-red-800">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title" className="font-serif text-2xl">
        {t("Edit Profile")}
      </h2>
      <form onSubmit={save} noValidate className="mt-6 grid gap-4 md:grid-cols-2">
        {errors.form && (
          <p role="alert" className="bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200 md:col-span-2">
            {errors.form}
          </p>
        )}
        {field("first_name", "First name", "given-name")}
        {field("last_name", "Last name", "family-name")}
        <div className="md:col-span-2">
          <label htmlFor="profile-email" className="block text-sm font-semibold">
            {t("Email")} <span className="font-normal text-stone-600">{t("(cannot be changed)")}</span>
          </label>
          <input
            id="profile-email"
            value={user.email}
            readOnly
            dir={ltr}
            className="field mt-1 bg-stone-100 text-stone-600"
          />
        </div>
        {field("username", "Username", "username", "(optional)")}
        {field("phone", "Phone", "tel", "(optional)")}
        <div className="flex gap-3 md:col-span-2">
          <button type="submit" disabled={busy} className="btn-primary">
            {busy ? t("Saving…") : t("Save")}
          </button>
          <button type="button" onClick={cancel} disabled={busy} className="btn-secondary">
            {t("Cancel")}
          </button>
        </div>
      </form>
    </section>
  );
}
