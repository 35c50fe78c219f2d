CREATE TABLE "whatsapp_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"phone" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"buttons" jsonb NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"provider_message_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_status" CHECK ("whatsapp_messages"."status" in ('queued', 'sending', 'sent', 'logged', 'failed')),
	CONSTRAINT "whatsapp_messages_kind" CHECK ("whatsapp_messages"."kind" in ('confirmation', 'reminder')),
	CONSTRAINT "whatsapp_messages_language" CHECK ("whatsapp_messages"."language" in ('en', 'en+ur')),
	CONSTRAINT "whatsapp_messages_attempts" CHECK ("whatsapp_messages"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "whatsapp_confirmations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "whatsapp_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("next_attempt_at") WHERE "whatsapp_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_leased_idx" ON "whatsapp_messages" USING btree ("locked_until") WHERE "whatsapp_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_log_idx" ON "whatsapp_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_status_idx" ON "whatsapp_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_order_idx" ON "whatsapp_messages" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_provider_id_key" ON "whatsapp_messages" USING btree ("provider_message_id");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_whatsapp_language" CHECK ("site_settings"."whatsapp_language" in ('en', 'en+ur'));