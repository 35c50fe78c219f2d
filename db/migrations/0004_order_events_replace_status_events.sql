-- the shopper's timeline moves into order_events (decision 0055): every earlier status row is kept, visible to the shopper
INSERT INTO "order_events" ("order_id", "at", "kind", "to_status", "note", "visible_to_shopper")
  SELECT "order_id", "created_at", 'status', "status", "note", true FROM "order_status_events" ORDER BY "id";--> statement-breakpoint
DROP TABLE "order_status_events" CASCADE;
