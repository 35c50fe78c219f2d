// The words of the account emails (issue 17): the password reset link and the address
// confirmation. Plain English a shopper understands, the link on its own line so any mail app
// makes it tappable, and what to do when the shopper did not ask.

export interface AccountEmail {
  subject: string;
  text: string;
  html: string;
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function compose(siteName: string, heading: string, paragraphs: string[], button: { label: string; url: string }) {
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    `${button.label}: ${button.url}`,
    "",
    siteName,
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,sans-serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;background:#ffffff;padding:24px">
<h1 style="font-size:22px;margin:0 0 16px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escape(p)}</p>`).join("\n")}
<p style="margin:24px 0"><a href="${escape(button.url)}" style="display:inline-block;background:#1c1917;color:#ffffff;padding:12px 20px;text-decoration:none;font-weight:bold">${escape(button.label)}</a></p>
<p style="font-size:13px;color:#57534e;word-break:break-all">${escape(button.url)}</p>
<p style="font-size:13px;color:#57534e">${escape(siteName)}</p>
</div></body></html>`;
  return { text, html };
}

/** The reset link's email: valid for one hour, once. */
export function passwordResetEmail(siteName: string, firstName: string, url: string): AccountEmail {
  return {
    subject: `Reset your ${siteName} password`,
    ...compose(
      siteName,
      "Reset your password",
      [
        `Hello ${firstName},`,
        "Someone (we hope you) asked to reset the password of your account. Open the link below to choose a new one. It works once, for one hour.",
        "If you did not ask, you can ignore this email: your password stays as it is.",
      ],
      { label: "Choose a new password", url },
    ),
  };
}

/** The address confirmation email, sent after registering and on request from the account page. */
export function emailVerificationEmail(siteName: string, firstName: string, url: string): AccountEmail {
  return {
    subject: `Confirm your email for ${siteName}`,
    ...compose(
      siteName,
      "Confirm your email address",
      [
        `Hello ${firstName},`,
        "Please confirm that this is your email address. Once it is confirmed, orders you placed as a guest with this email appear in My Orders.",
        "The link works for 48 hours. If you did not create an account, you can ignore this email.",
      ],
      { label: "Confirm my email", url },
    ),
  };
}
