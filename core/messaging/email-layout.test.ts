import { describe, expect, it } from "vitest";
import { renderEmail, type EmailContent } from "./email-layout";

const base: EmailContent = {
  storeName: "Zaiba",
  subject: "Order ABCD-1234 placed",
  preheader: "We have your order.",
  heading: "Thank you, Ayesha",
  paragraphs: ["We have your order.\nWe will call you."],
  button: { label: "Track your order", url: "https://zaiba.pk/track?tracking_id=ABCD-1234" },
  items: [{ name: "Lawn suit", detail: "M / Red", quantity: 2, amount: "Rs. 4,998" }],
  facts: [{ label: "Total", value: "Rs. 5,498", strong: true }],
  footer: ["Questions? Reply to this email."],
};

describe("the email layout", () => {
  it("renders the same content as text and as HTML, with a hidden preheader", () => {
    const { subject, text, html } = renderEmail(base);
    expect(subject).toBe("Order ABCD-1234 placed");
    expect(text).toContain("Thank you, Ayesha");
    expect(text).toContain("- Lawn suit (M / Red) × 2: Rs. 4,998");
    expect(text).toContain("Total: Rs. 5,498");
    expect(text).toContain("Track your order: https://zaiba.pk/track?tracking_id=ABCD-1234");
    expect(html).toContain("max-width:600px");
    expect(html).toMatch(/<div style="display:none[^"]*">We have your order.<\/div>/);
    expect(html).toContain('href="https://zaiba.pk/track?tracking_id=ABCD-1234"');
    expect(html).not.toMatch(/<style|class=/);
  });

  it("escapes every value, drops control characters and cuts huge values short", () => {
    const hostile = `<script>alert("x")</script>' onmouseover='x`;
    const { subject, text, html } = renderEmail({
      ...base,
      storeName: hostile,
      subject: `${hostile}\r\nBcc: evil@example.com\u0000`,
      preheader: hostile,
      heading: hostile,
      paragraphs: [hostile, "y".repeat(1_000_000)],
      items: [{ name: hostile, detail: hostile, quantity: 1, amount: hostile }],
      facts: [{ label: hostile, value: hostile }],
      after: [hostile],
      footer: [hostile],
      button: { label: hostile, url: `https://x.pk/?q="><script>` },
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain(`"x")`);
    expect(html).not.toContain("' onmouseover");
    expect(html).toContain("&lt;script&gt;");
    expect(subject).not.toContain("\n");
    expect(subject).not.toContain("\u0000");
    expect(text).not.toContain("\u0000");
    expect(html.length).toBeLessThan(60_000);
    expect(text.length).toBeLessThan(20_000);
    expect(text).toContain("…");
  });

  it("leaves out a button whose address is not http(s)", () => {
    const { html, text } = renderEmail({ ...base, button: { label: "Go", url: "javascript:alert(1)" } });
    expect(html).not.toContain("javascript:");
    expect(text).not.toContain("javascript:");
  });
});
