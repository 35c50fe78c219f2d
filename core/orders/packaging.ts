// The store's packaging setting (decision 0058): with discreet packaging on
// (the default) the outer label of a parcel says "Garments" and a neutral sender name instead of
// the store's name. The owner turns it on or off and may choose the sender name; a name that
// gives the store away (its name, or a lingerie word) is refused here, and the label falls back
// to the default if one ever gets through (e.g. the store is renamed to match it later).
import { eq, sql } from "drizzle-orm";
import type { CoreContext } from "../context";
import { siteSettings } from "../../db/schema";
import { invalid } from "../shared/errors";
import { changedFields } from "../shared/audit";
import { staffWrite } from "../shared/staff-write";
import { requirePermission } from "../shared/staff-errors";
import type { StaffActor } from "../shared/permissions";
import { DEFAULT_DISCREET_SENDER_NAME, lingerieWordIn, namesStore, SENDER_NAME_MAX } from "./print";
import { getSiteSettings } from "../settings/site-settings";

export interface PackagingSettings {
  discreetPackaging: boolean;
  /** the owner's choice; null: the default */
  discreetSenderName: string | null;
  /** what a discreet label says as its sender */
  senderNameShown: string;
  /** what it says when the owner has not chosen a name */
  defaultSenderName: string;
}

/** The setting as staff read it: a blank sender name is no choice, and the label shows the default. */
function packagingSettings(discreetPackaging: boolean, senderName: string | null): PackagingSettings {
  const name = senderName?.trim() || null;
  return {
    discreetPackaging,
    discreetSenderName: name,
    senderNameShown: name ?? DEFAULT_DISCREET_SENDER_NAME,
    defaultSenderName: DEFAULT_DISCREET_SENDER_NAME,
  };
}

/** Whether parcels are labelled discreetly, and the sender name they show. */
export async function getPackagingSettings(ctx: CoreContext, actor: StaffActor): Promise<PackagingSettings> {
  requirePermission(actor, "settings");
  const settings = await getSiteSettings(ctx);
  return packagingSettings(settings.discreetPackaging, settings.discreetSenderName);
}

/**
 * Turns discreet packaging on or off and sets the sender name its labels show (empty: the
 * default). Audited with the fields that changed; nothing changed, nothing recorded.
 */
export async function setPackagingSettings(
  ctx: CoreContext,
  actor: StaffActor,
  input: { discreet_packaging: unknown; discreet_sender_name?: unknown },
): Promise<PackagingSettings> {
  requirePermission(actor, "settings");
  if (typeof input.discreet_packaging !== "boolean") throw invalid("discreet_packaging must be true or false");
  const name = senderName(input.discreet_sender_name, (await getSiteSettings(ctx)).siteName);
  // the settings are cached with the catalogue's reads; this process reads the new ones at once
  const saved = await staffWrite(ctx, actor, "settings", async ({ tx, audit, unchanged }) => {
    await tx.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx
      .select({
        discreet_packaging: siteSettings.discreetPackaging,
        discreet_sender_name: siteSettings.discreetSenderName,
      })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for("update");
    const after = {
      discreet_packaging: input.discreet_packaging as boolean,
      // absent: the name stays as it is
      discreet_sender_name: name === undefined ? before!.discreet_sender_name : name,
    };
    const changes = changedFields(before!, after, ["discreet_packaging", "discreet_sender_name"]);
    if (Object.keys(changes).length === 0) return unchanged(after);
    await tx
      .update(siteSettings)
      .set({
        discreetPackaging: after.discreet_packaging,
        discreetSenderName: after.discreet_sender_name,
        updatedAt: sql`now()`,
      })
      .where(eq(siteSettings.id, 1));
    await audit({
      action: "settings.update",
      entityType: "settings",
      entityId: "packaging",
      changes,
    });
    return after;
  });
  return packagingSettings(saved.discreet_packaging, saved.discreet_sender_name);
}

// a label prints one line: no line breaks, tabs or other control characters (nor NUL, which
// PostgreSQL text cannot hold)
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The sender name to store: undefined when not given, null for the default, or the checked name. */
function senderName(value: unknown, storeName: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== "string") throw invalid("discreet_sender_name must be text");
  if (value.length > 500) throw invalid(`discreet_sender_name must be at most ${SENDER_NAME_MAX} characters`);
  if (CONTROL.test(value)) throw invalid("discreet_sender_name must be one line of plain text");
  const name = value.trim().replace(/ {2,}/g, " ");
  if (name === "") return null;
  if (name.length > SENDER_NAME_MAX)
    throw invalid(`discreet_sender_name must be at most ${SENDER_NAME_MAX} characters`);
  const word = lingerieWordIn(name);
  if (word) throw invalid(`discreet_sender_name must not say what the store sells ("${word}")`);
  if (namesStore(name, storeName)) throw invalid(`discreet_sender_name must not name the store ("${storeName}")`);
  return name;
}
