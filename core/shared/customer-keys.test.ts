import { describe, expect, it } from "vitest";
import { mailboxKey, samePhoneForms } from "./customer-keys";
import { normalizePhone } from "./phone";

describe("samePhoneForms", () => {
  it("gives one set of forms for a Pakistani mobile however and under whichever country it was typed", () => {
    const typed: [string, string][] = [
      ["0300-1234567", "Pakistan"],
      ["+92 300 1234567", "Pakistan"],
      ["03001234567", "United Kingdom"],
      ["+923001234567", "Canada"],
      ["00923001234567", "United States"],
      ["300 1234567", "Australia"],
    ];
    const forms = typed.map(([phone, country]) => samePhoneForms(normalizePhone(phone, country)!).sort());
    for (const f of forms) expect(f).toEqual(forms[0]);
    expect(forms[0]).toContain("923001234567");
  });

  it("leaves other numbers as they are", () => {
    expect(samePhoneForms("15551234567")).toEqual(["15551234567"]);
    expect(samePhoneForms("924235761234")).toEqual(["924235761234"]); // a Lahore landline
  });
});

describe("mailboxKey", () => {
  it("sees through case, +tags and Gmail's dots", () => {
    expect(mailboxKey(" Amna.Khan+eid@GMail.com ")).toBe("amnakhan@gmail.com");
    expect(mailboxKey("a.m.n.a.khan@googlemail.com")).toBe("amnakhan@gmail.com");
    expect(mailboxKey("amna+shop@example.pk")).toBe("amna@example.pk");
  });

  it("keeps dots where they make another mailbox, and odd values as they are", () => {
    expect(mailboxKey("amna.khan@example.pk")).not.toBe(mailboxKey("amnakhan@example.pk"));
    expect(mailboxKey("+tag@example.pk")).toBe("+tag@example.pk");
    expect(mailboxKey("no-at-sign")).toBe("no-at-sign");
  });
});
