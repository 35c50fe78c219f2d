// The confirmation scheduler in a running store (decision 0072): started by
// server/main.ts beside the outbox worker, it reminds an order unanswered for 13 hours and
// cancels one unanswered for 49 on its own timer, and SIGTERM stops it cleanly (exit 0). The
// orders are planted in the database before the store starts, as a restart would find them.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { type ConsoleMember, insertStaff } from "../helpers/console-e2e";
import { startE2EStore, type E2EStore } from "../helpers/e2e-store";

let running: E2EStore;
let url: string;
let auth: { authorization: string };
const OWNER: ConsoleMember = {
  email: "owner@scheduler.test",
  password: "Owner2026scheduler",
  firstName: "Amna",
  lastName: "Owner",
  role: "owner",
};
const ids: Record<"remind" | "expire", number> = { remind: 0, expire: 0 };

async function plantAsked(db: Db, tracking: string, hoursAgo: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into orders (tracking_id, first_name, last_name, email, phone, phone_normalized, shipping_address,
          city, postal_code, country, subtotal_paisa, shipping_paisa, total_paisa, created_at)
        values (${tracking}, 'Sana', 'Iqbal', 'sana@example.pk', '03001234567', '923001234567',
          'House 12, Street 4, Gulberg III', 'Lahore', '54000', 'Pakistan', 249900, 0, 249900,
          now() - make_interval(hours => ${hoursAgo}))
        returning id`,
  );
  const id = Number(row!.id);
  const parameters = [
    "Sana",
    "Zaiba",
    tracking,
    "1 × Lawn suit",
    "Rs. 2,499",
    `http://store.test/order/confirm/x${id}`,
  ];
  // the question as a store with a WhatsApp account has it: sent, and reported delivered by the
  // webhook (only a delivered question lets an unanswered order expire, decision 0089)
  await db.execute(sql`insert into whatsapp_messages (order_id, kind, language, phone, parameters, buttons, body, status,
      provider_message_id, sent_at, delivered_at)
    values (${id}, 'confirmation', 'en', '923001234567', ${JSON.stringify(parameters)}::jsonb,
      ${JSON.stringify([`confirm:${tracking}:1`, `cancel:${tracking}:1`])}::jsonb, 'Assalam-o-Alaikum Sana!', 'sent',
      ${`wamid.${tracking}`}, now() - make_interval(hours => ${hoursAgo}), now() - make_interval(hours => ${hoursAgo}))`);
  return id;
}

beforeAll(async () => {
  const prepare = async (db: Db) => {
    await insertStaff(db, OWNER);
    ids.remind = await plantAsked(db, "SCHEDREMIN", 13);
    ids.expire = await plantAsked(db, "SCHEDEXPIR", 49);
  };
  running = await startE2EStore("scheduler-process", {
    prepare,
    env: { CONFIRMATION_SCHEDULER_POLL_MS: "100", MESSAGE_WORKER_POLL_MS: "50" },
  });
  url = running.store.url;
  const res = await fetch(`${url}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
  });
  expect(res.status).toBe(201);
  auth = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}, 180_000);

afterAll(async () => {
  await running?.stop();
});

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${url}${path}`, { headers: auth });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe("the scheduler in the store process", { timeout: 60_000 }, () => {
  it("reminds and expires on its own timer, and stops with the process on SIGTERM", async () => {
    await expect
      .poll(
        async () =>
          (await api<{ order_id: number; kind: string }[]>("/api/admin/messages")).filter(
            (m) => m.order_id === ids.remind && m.kind === "reminder",
          ).length,
        { timeout: 20_000, interval: 200 },
      )
      .toBe(1);
    await expect
      .poll(async () => (await api<{ status: string }>(`/api/admin/orders/${ids.expire}`)).status, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe("cancelled");
    const order = await api<{ timeline?: { note: string | null }[]; events?: { note: string | null }[] }>(
      `/api/admin/orders/${ids.expire}`,
    );
    expect(JSON.stringify(order)).toContain("Cancelled: no answer to the confirmation request within 48 hours");
    // still one reminder after many more passes
    await new Promise((r) => setTimeout(r, 500));
    const messages = await api<{ order_id: number; kind: string }[]>("/api/admin/messages");
    expect(messages.filter((m) => m.order_id === ids.remind && m.kind === "reminder")).toHaveLength(1);
    expect(messages.filter((m) => m.order_id === ids.expire && m.kind === "reminder")).toHaveLength(0);
    expect(await running.store.stop("SIGTERM")).toBe(0);
  });
});
