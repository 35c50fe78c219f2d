// A staff member's new-order alerts (decision 0094): each member whose role may see orders
// chooses how they are told of a new order: a notification on each device they turned it on for
// (Web Push), WhatsApp to a number they proved with a code, email; all off until they choose.
// Each change is a staff write of the member's own settings, audited. The alerts themselves are
// queued with the order (new-order-alerts.ts).
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { queryRows, type Db } from "../../db/client";
import { pushSubscriptions, staffAlertSettings, whatsappMessages } from "../../db/schema";
import { hashToken } from "../shared/tokens";
import { normalizeInternationalPhone, normalizePakistaniMobile } from "../shared/phone";
import { AppError, conflict, invalid, notFound } from "../shared/errors";
import { staffWrite, type StaffWriteScope } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { alertRoles } from "./new-order-alerts";
import { deviceName, isPushService, parseSubscription, UNKNOWN_PUSH_SERVICE } from "./push-subscriptions";

/** One member's devices at most: a phone, a tablet, a laptop or two, with room to spare. */
export const MAX_DEVICES = 10;
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;
/** codes to a member's numbers: one a minute, five an hour (each one is a WhatsApp message paid for) */
export const PHONE_CODE_LIMITS = [
  { suffix: "minute", limit: 1, windowSeconds: 60 },
  { suffix: "hour", limit: 5, windowSeconds: 60 * 60 },
] as const;

export const PHONE_CODE_TEXT = "Your code to receive new-order alerts on WhatsApp (hidden)";
export const WRONG_PHONE_CODE = "That code is not right. Check the WhatsApp message and try again.";
export const PHONE_CODE_EXPIRED = "That code has expired or was used up. Ask for a new one.";
export const NEEDS_PROVEN_PHONE = "Add your WhatsApp number and confirm it with the code first.";
export const TOO_MANY_DEVICES = `You have ${MAX_DEVICES} devices taking notifications. Remove one you no longer use first.`;

export interface AlertDevice {
  id: number;
  device: string;
  createdAt: Date;
  lastSentAt: Date | null;
  /** subscribed from the session asking: "this device" */
  current: boolean;
}

export interface OrderAlertSettings {
  email: boolean;
  whatsapp: boolean;
  /** the proven number, 92XXXXXXXXXX */
  phone: string | null;
  /** a number waiting for its code, and when the code was sent */
  pendingPhone: string | null;
  codeSentAt: Date | null;
  devices: AlertDevice[];
}

/** The member's own alert settings and devices. */
export async function getOrderAlerts(ctx: CoreContext, actor: StaffActor): Promise<OrderAlertSettings> {
  requirePermission(actor, "orders");
  const [settings] = await ctx.db.select().from(staffAlertSettings).where(eq(staffAlertSettings.userId, actor.userId));
  const devices = await queryRows<{
    id: number;
    device: string;
    created_at: string | Date;
    last_sent_at: string | Date | null;
    current: boolean;
  }>(
    ctx.db,
    sql`select s.id, s.device, s.created_at, s.last_sent_at, s.staff_session_id = ${actor.sessionId} as current
        from push_subscriptions s left join staff_sessions ss on ss.id = s.staff_session_id
        where s.user_id = ${actor.userId} and (ss.id is null or ss.revoked_at is null)
        order by s.created_at, s.id`,
  );
  const codeLive = settings?.codeExpiresAt && settings.codeExpiresAt.getTime() > Date.now();
  return {
    email: settings?.email ?? false,
    whatsapp: settings?.whatsapp ?? false,
    phone: settings?.phoneVerifiedAt ? settings.whatsappPhone : null,
    pendingPhone: codeLive ? settings.pendingPhone : null,
    codeSentAt: codeLive ? settings.codeSentAt : null,
    devices: devices.map((d) => ({
      id: Number(d.id),
      device: d.device,
      createdAt: new Date(d.created_at),
      lastSentAt: d.last_sent_at === null ? null : new Date(d.last_sent_at),
      current: d.current === true,
    })),
  };
}

/** A change of the member's own alert settings: the orders permission; nothing cached shows it. */
const alertsWrite = <T>(ctx: CoreContext, actor: StaffActor, write: (scope: StaffWriteScope) => Promise<T>) =>
  staffWrite(ctx, actor, "orders", (scope) => {
    scope.keepCache();
    return write(scope);
  });

/** Takes the member's settings row for change, making it (all off) if they have none yet. */
async function lockSettings(tx: Db, userId: number) {
  await tx.insert(staffAlertSettings).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(staffAlertSettings).where(eq(staffAlertSettings.userId, userId)).for("update");
  return row!;
}

const channelsInput = z.strictObject({ email: z.boolean().optional(), whatsapp: z.boolean().optional() });

/** Turns email or WhatsApp alerts on or off; WhatsApp only to a proven number. */
export async function setAlertChannels(ctx: CoreContext, actor: StaffActor, raw: unknown): Promise<void> {
  requirePermission(actor, "orders");
  const parsed = channelsInput.safeParse(raw);
  if (!parsed.success) throw invalid("email and whatsapp must be true or false.");
  const input = parsed.data;
  await alertsWrite(ctx, actor, async ({ tx, audit }) => {
    const before = await lockSettings(tx, actor.userId);
    if (input.whatsapp && !before.phoneVerifiedAt) throw conflict(NEEDS_PROVEN_PHONE);
    const after = { email: input.email ?? before.email, whatsapp: input.whatsapp ?? before.whatsapp };
    if (after.email === before.email && after.whatsapp === before.whatsapp) return;
    await tx
      .update(staffAlertSettings)
      .set({ ...after, updatedAt: sql`now()` })
      .where(eq(staffAlertSettings.userId, actor.userId));
    const changes: Record<string, [boolean, boolean]> = {};
    if (after.email !== before.email) changes.email = [before.email, after.email];
    if (after.whatsapp !== before.whatsapp) changes.whatsapp = [before.whatsapp, after.whatsapp];
    await audit({
      action: "order_alerts.update",
      entityType: "staff",
      entityId: actor.userId,
      changes,
    });
  });
}

/** A WhatsApp number as 92XXXXXXXXXX (or another country's digits), or a 422 naming the field. */
export function alertPhone(raw: unknown): string {
  const text = typeof raw === "string" ? raw : "";
  if (text.trim() === "") throw invalid("phone: Enter your WhatsApp number.");
  if (text.length > 30) throw invalid("phone: A phone number is at most 30 characters.");
  const phone = normalizePakistaniMobile(text) ?? normalizeInternationalPhone(text);
  if (!phone) throw invalid("phone: Enter a mobile number such as 0300-1234567, or +44 7700 900123.");
  return phone;
}

/** A settings row with no number waiting for its code. */
const NO_PENDING_CODE = { pendingPhone: null, codeHash: null, codeExpiresAt: null, codeTries: 0 } as const;

const codeHash = (userId: number, phone: string, code: string) => hashToken(`${userId}:${phone}:${code}`);

/**
 * Sends a six-digit code to the number the member typed, on WhatsApp; the number takes alerts
 * once the code comes back (confirmAlertPhone). The code goes only into the message's template
 * parameters, which the outbox empties once sent; the row's text in the message log never has it.
 */
export async function startAlertPhoneCheck(ctx: CoreContext, actor: StaffActor, raw: unknown): Promise<string> {
  requirePermission(actor, "orders");
  const phone = alertPhone((raw as { phone?: unknown } | null)?.phone);
  const taken = await ctx.limiter.take(
    PHONE_CODE_LIMITS.map((rule) => ({
      key: `alert-phone:${rule.suffix}:${actor.userId}`,
      limit: rule.limit,
      windowSeconds: rule.windowSeconds,
    })),
  );
  if (!taken.allowed) {
    throw new AppError(
      429,
      "A code was sent a moment ago. Wait for it, or try again in a minute.",
      undefined,
      taken.retryAfterSeconds,
    );
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  await alertsWrite(ctx, actor, async ({ tx, audit }) => {
    await lockSettings(tx, actor.userId);
    await tx
      .update(staffAlertSettings)
      .set({
        pendingPhone: phone,
        codeHash: codeHash(actor.userId, phone, code),
        codeExpiresAt: sql`now() + make_interval(mins => ${PHONE_CODE_MINUTES})`,
        codeTries: 0,
        codeSentAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(staffAlertSettings.userId, actor.userId));
    await tx.insert(whatsappMessages).values({
      kind: "phone_code",
      language: "en",
      phone,
      parameters: [code],
      buttons: [],
      body: PHONE_CODE_TEXT,
    });
    await audit({
      action: "order_alerts.phone_code",
      entityType: "staff",
      entityId: actor.userId,
      changes: { phone },
    });
  });
  return phone;
}

/** Proves the number with its code: it then takes the member's WhatsApp alerts, which are turned on. */
export async function confirmAlertPhone(ctx: CoreContext, actor: StaffActor, raw: unknown): Promise<string> {
  requirePermission(actor, "orders");
  const text = String((raw as { code?: unknown } | null)?.code ?? "").replace(/\s/g, "");
  if (!/^\d{6}$/.test(text.slice(0, 7))) throw invalid("code: Enter the six-digit code from the WhatsApp message.");
  // a wrong try is counted even though the refusal rolls nothing else back
  const outcome = await alertsWrite(ctx, actor, async ({ tx, audit }) => {
    const row = await lockSettings(tx, actor.userId);
    const live =
      row.pendingPhone !== null &&
      row.codeHash !== null &&
      row.codeExpiresAt !== null &&
      row.codeExpiresAt.getTime() > Date.now() &&
      row.codeTries < PHONE_CODE_TRIES;
    if (!live) return { error: PHONE_CODE_EXPIRED } as const;
    const expected = Buffer.from(row.codeHash!, "hex");
    const given = Buffer.from(codeHash(actor.userId, row.pendingPhone!, text), "hex");
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      await tx
        .update(staffAlertSettings)
        .set({ codeTries: sql`${staffAlertSettings.codeTries} + 1` })
        .where(eq(staffAlertSettings.userId, actor.userId));
      return { error: WRONG_PHONE_CODE } as const;
    }
    await tx
      .update(staffAlertSettings)
      .set({
        whatsappPhone: row.pendingPhone,
        phoneVerifiedAt: sql`now()`,
        whatsapp: true,
        ...NO_PENDING_CODE,
        updatedAt: sql`now()`,
      })
      .where(eq(staffAlertSettings.userId, actor.userId));
    await audit({
      action: "order_alerts.phone_confirm",
      entityType: "staff",
      entityId: actor.userId,
      changes: {
        phone: [row.phoneVerifiedAt ? row.whatsappPhone : null, row.pendingPhone],
        whatsapp: [row.whatsapp, true],
      },
    });
    return { phone: row.pendingPhone! } as const;
  });
  if ("error" in outcome) throw invalid(`code: ${outcome.error}`);
  return outcome.phone;
}

/** Forgets the member's number; WhatsApp alerts stop. */
export async function removeAlertPhone(ctx: CoreContext, actor: StaffActor): Promise<void> {
  requirePermission(actor, "orders");
  await alertsWrite(ctx, actor, async ({ tx, audit }) => {
    const row = await lockSettings(tx, actor.userId);
    if (!row.whatsappPhone && !row.pendingPhone) return;
    await tx
      .update(staffAlertSettings)
      .set({
        whatsapp: false,
        whatsappPhone: null,
        phoneVerifiedAt: null,
        ...NO_PENDING_CODE,
        updatedAt: sql`now()`,
      })
      .where(eq(staffAlertSettings.userId, actor.userId));
    await audit({
      action: "order_alerts.phone_remove",
      entityType: "staff",
      entityId: actor.userId,
      changes: { phone: [row.whatsappPhone, null], whatsapp: [row.whatsapp, false] },
    });
  });
}

/**
 * Takes this device's pushes for the member: the browser's subscription, tied to the session that
 * sent it. The same browser subscribing again (or after another member used it) is one row.
 */
export async function addAlertDevice(
  ctx: CoreContext,
  actor: StaffActor,
  raw: unknown,
  userAgent: string | null,
  options: { extraOrigins: readonly string[] },
): Promise<AlertDevice> {
  requirePermission(actor, "orders");
  const input = parseSubscription(raw);
  if (!isPushService(input.endpoint, options.extraOrigins)) throw invalid(UNKNOWN_PUSH_SERVICE);
  const device = deviceName(userAgent);
  return alertsWrite(ctx, actor, async ({ tx, audit }) => {
    // counted under the member's settings lock, so two devices added at once cannot pass the limit
    await lockSettings(tx, actor.userId);
    const [{ n }] = (await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from push_subscriptions where user_id = ${actor.userId} and endpoint <> ${input.endpoint}`,
    )) as [{ n: number }];
    if (Number(n) >= MAX_DEVICES) throw conflict(TOO_MANY_DEVICES);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId: actor.userId,
        staffSessionId: actor.sessionId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: actor.userId,
          staffSessionId: actor.sessionId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          device,
        },
      })
      .returning();
    await audit({
      action: "order_alerts.device_add",
      entityType: "push_subscription",
      entityId: row!.id,
      changes: { device },
    });
    return { id: row!.id, device, createdAt: row!.createdAt, lastSentAt: row!.lastSentAt, current: true };
  });
}

/** Stops pushes to one of the member's devices (by id, or this browser's endpoint). */
export async function removeAlertDevice(
  ctx: CoreContext,
  actor: StaffActor,
  which: { id?: number; endpoint?: string },
): Promise<void> {
  requirePermission(actor, "orders");
  const match =
    which.id !== undefined
      ? eq(pushSubscriptions.id, Number.isSafeInteger(which.id) ? which.id : 0)
      : eq(pushSubscriptions.endpoint, String(which.endpoint ?? "").slice(0, 1000));
  await alertsWrite(ctx, actor, async ({ tx, audit }) => {
    const [row] = await tx
      .delete(pushSubscriptions)
      .where(and(match, eq(pushSubscriptions.userId, actor.userId)))
      .returning({ id: pushSubscriptions.id, device: pushSubscriptions.device });
    // another member's device, or one already gone: the same answer, so ids tell nothing
    if (!row) throw notFound("That device does not take your notifications.");
    await audit({
      action: "order_alerts.device_remove",
      entityType: "push_subscription",
      entityId: row.id,
      changes: { device: row.device },
    });
  });
}

/** Sign-out of a console session: the devices it subscribed stop taking pushes at once. */
export async function forgetSessionDevices(ctx: CoreContext, sessionId: number): Promise<void> {
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.staffSessionId, sessionId));
}

/**
 * Removes the devices of members who lost access (deactivated, or a role that no longer sees
 * orders) and of sessions that were ended (signed out, a password changed elsewhere, a new role).
 * Alerts already stop at once (queueNewOrderAlerts asks the same); this clears what is left.
 */
export async function pruneAlertDevices(db: Db): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from push_subscriptions s
        using users u
        where u.id = s.user_id
          and (u.deactivated_at is not null or u.role not in (${alertRoles})
               or exists (select 1 from staff_sessions ss where ss.id = s.staff_session_id and ss.revoked_at is not null))
        returning s.id`,
  );
  return rows.length;
}
