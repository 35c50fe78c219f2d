// What the outbox tests share: a worker run until its table has nothing left to send, as the
// store's worker runs it, and an email as the email outbox keeps it.
import { sql } from "drizzle-orm";
import { type TestApp } from "./app";
import { count } from "./shop";

/** Runs the worker until nothing in its table is queued or sending (a retry's backoff is a few ms here). */
export async function drainOutbox(
  t: TestApp,
  table: "email_messages" | "whatsapp_messages" | "push_messages",
  runOnce: () => Promise<unknown>,
  { passes = 200, pauseMs = 5 } = {},
): Promise<void> {
  for (let pass = 0; pass < passes; pass++) {
    await runOnce();
    const left = await count(
      t,
      sql`select count(*) as n from ${sql.identifier(table)} where status in ('queued', 'sending')`,
    );
    if (left === 0) return;
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  throw new Error(`the outbox (${table}) did not empty`);
}

/** An email as the email outbox keeps it. */
export interface EmailRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}
