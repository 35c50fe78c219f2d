// The account's Profile tab (spec §4 Profile, §5 Profile edit): the details as a list, and the
// form that edits them (the email cannot change, decision 0022).
import { useState } from "react";
import { checkProfile } from "../../../core/accounts/form-rules";
import { api, errorText } from "../../lib/api";
import { formatDay } from "../../lib/dates";
import { storeUser, type StoredUser } from "../../lib/session";
import { toast } from "../../lib/toast";

export function Profile({ user, onSaved }: { user: StoredUser; onSaved: (user: StoredUser) => void }) {
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
    setErrors(fields as Record<string, string>);
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
      setErrors({ form: errorText(error, "Failed to update profile. Please try again.") });
    } finally {
      setBusy(false);
    }
  }

  const rows: [string, string][] = [
    ["First name", user.first_name],
    ["Last name", user.last_name],
    ["Email", user.email],
    ["Username", user.username || "Not set"],
    ["Phone", user.phone || "Not set"],
    ["Member since", formatDay(user.created_at)],
  ];

  if (!editing) {
    return (
      <section aria-labelledby="profile-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="profile-title" className="font-serif text-2xl">
            Profile
          </h2>
          <button type="button" onClick={() => setEditing(true)} className="btn-secondary min-h-10">
            Edit Profile
          </button>
        </div>
        <dl className="mt-6 divide-y divide-stone-100 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="grid grid-cols-[8.5rem_1fr] gap-3 py-3 md:grid-cols-[12rem_1fr]">
              <dt className="text-stone-600">{label}</dt>
              <dd className={`break-words ${value === "Not set" ? "text-stone-500 italic" : ""}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }

  const field = (key: keyof typeof form, label: string, autoComplete: string, hint?: string) => (
    <div>
      <label htmlFor={`profile-${key}`} className="block text-sm font-semibold">
        {label}
        {hint && <span className="ms-1 font-normal text-stone-600">{hint}</span>}
      </label>
      <input
        id={`profile-${key}`}
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
        Edit Profile
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
            Email <span className="font-normal text-stone-600">(cannot be changed)</span>
          </label>
          <input id="profile-email" value={user.email} readOnly className="field mt-1 bg-stone-100 text-stone-600" />
        </div>
        {field("username", "Username", "username", "(optional)")}
        {field("phone", "Phone", "tel", "(optional)")}
        <div className="flex gap-3 md:col-span-2">
          <button type="submit" disabled={busy} className="btn-primary">
            {busy ? "Saving…" : "Save"}
          </button>
          <button type="button" onClick={cancel} disabled={busy} className="btn-secondary">
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
