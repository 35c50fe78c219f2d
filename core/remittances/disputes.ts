// Where a parcel's money dispute with its courier stands (decision 0106): open (the store saw a
// difference, or staff noted a parcel unpaid too long), raised with the courier, or resolved,
// with a note of what was said. Any parcel with a money row can carry one. Staff name the row's
// version they saw: a payment, a rate card or another member that changed the row since gets a
// 409, decided under the row's lock, so two people saving at once get one winner.
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "../context";
import { queryRows } from "../../db/client";
import { DISPUTE_STATES, type DisputeState } from "../../db/schema";
import { conflict, notFound } from "../shared/errors";
import { invalidFields } from "../shared/field-errors";
import { typedText } from "../shared/input";
import type { StaffActor } from "../shared/permissions";
import { requirePermission } from "../shared/staff-errors";
import { staffWrite } from "../shared/staff-write";

export const DISPUTE_NOTE_MAX = 1000;

export const CHANGED_SINCE_OPENED =
  "This parcel's money changed since you opened it (a payment, a rate card or another member). Reload to see it, then save again.";

/** A dispute edit as the staff API and the console's form send it. */
export const disputeInput = z.object({
  state: z.enum(DISPUTE_STATES, { error: "state must be open, raised or resolved" }),
  note: typedText("note", DISPUTE_NOTE_MAX, { multiline: true }).default(""),
  version: z
    .number({ error: "version must be the row's version, a whole number" })
    .int("version must be the row's version, a whole number")
    .min(1, "version must be the row's version, a whole number")
    .max(2_147_483_647, "version must be the row's version, a whole number"),
});
export type DisputeInput = z.input<typeof disputeInput>;

export interface DisputeSaved {
  parcelId: number;
  state: DisputeState;
  note: string;
  version: number;
  updatedAt: Date;
}

/** Sets a parcel's dispute state and note (PUT /api/admin/money/parcels/{parcelId}/dispute); audited. */
export async function setParcelDispute(
  ctx: CoreContext,
  actor: StaffActor,
  parcelId: number,
  raw: unknown,
): Promise<DisputeSaved> {
  requirePermission(actor, "money");
  const parsed = disputeInput.safeParse(raw ?? {});
  if (!parsed.success) throw invalidFields(parsed.error);
  const input = parsed.data;
  return staffWrite(ctx, actor, "money", async ({ tx, audit, keepCache }) => {
    // nothing cached shows a parcel's money
    keepCache();
    const [row] = await queryRows<{ version: number; dispute_state: DisputeState | null; dispute_note: string }>(
      tx,
      sql`select version, dispute_state, dispute_note from parcel_money where parcel_id = ${parcelId} for update`,
    );
    if (!row) throw notFound("No money is kept for this parcel yet: it is not delivered or returned.");
    if (row.version !== input.version) throw conflict(CHANGED_SINCE_OPENED, { version: row.version });
    const [saved] = await queryRows<{ version: number; dispute_updated_at: Date | string }>(
      tx,
      sql`update parcel_money set dispute_state = ${input.state}, dispute_note = ${input.note},
            dispute_updated_at = now(), dispute_updated_by = ${actor.userId}, version = version + 1, updated_at = now()
          where parcel_id = ${parcelId}
          returning version, dispute_updated_at`,
    );
    const changes: Record<string, unknown> = {};
    if (row.dispute_state !== input.state) changes.dispute_state = [row.dispute_state, input.state];
    if (row.dispute_note !== input.note) changes.dispute_note = [row.dispute_note, input.note];
    await audit({ action: "money.dispute", entityType: "parcel", entityId: parcelId, changes });
    return {
      parcelId,
      state: input.state,
      note: input.note,
      version: saved!.version,
      updatedAt: new Date(saved!.dispute_updated_at),
    };
  });
}
