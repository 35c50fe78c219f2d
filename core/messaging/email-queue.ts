// Queueing an email (decision 0076): the row is written in the caller's transaction, so a message and
// what caused it (an order, a reset request) commit or roll back together; the email worker sends
// it later with retries (decision 0069's outbox, email_messages). Nothing here talks to SMTP.
import type { Db } from "../../db/client";
import { emailMessages, type EmailKind } from "../../db/schema";

export interface QueuedEmail {
  kind: EmailKind;
  /** the address as stored (lowercase) */
  to: string;
  subject: string;
  /** the plain-text part, complete on its own */
  text: string;
  /** the HTML part: inline styles only, readable on a phone */
  html: string;
  orderId?: number | null;
  userId?: number | null;
  /** a staff resend: the message it repeats, and who asked */
  resendOf?: number | null;
  createdBy?: number | null;
}

/** Writes one email to the outbox in the caller's transaction; answers its id. */
export async function queueEmail(tx: Db, email: QueuedEmail): Promise<number> {
  const [row] = await tx
    .insert(emailMessages)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      orderId: email.orderId ?? null,
      userId: email.userId ?? null,
      resendOf: email.resendOf ?? null,
      createdBy: email.createdBy ?? null,
    })
    .returning({ id: emailMessages.id });
  return row!.id;
}
