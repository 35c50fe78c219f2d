CREATE TABLE "push_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"user_id" integer NOT NULL,
	"subscription_id" integer,
	"payload" jsonb NOT NULL,
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
	CONSTRAINT "push_messages_status" CHECK ("push_messages"."status" in ('queued', 'sending', 'sent', 'logged', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"staff_session_id" integer,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"whatsapp_phone" text,
	"phone_verified_at" timestamp with time zone,
	"pending_phone" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_tries" smallint DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_alert_settings_whatsapp_phone" CHECK (not "staff_alert_settings"."whatsapp" or "staff_alert_settings"."phone_verified_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_kind";--> statement-breakpoint
ALTER TABLE "whatsapp_messages" DROP CONSTRAINT "whatsapp_messages_kind";--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_staff_session_id_staff_sessions_id_fk" FOREIGN KEY ("staff_session_id") REFERENCES "public"."staff_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alert_settings" ADD CONSTRAINT "staff_alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_messages_order_device_key" ON "push_messages" USING btree ("order_id","subscription_id");--> statement-breakpoint
CREATE INDEX "push_messages_due_idx" ON "push_messages" USING btree ("next_attempt_at") WHERE "push_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "push_messages_leased_idx" ON "push_messages" USING btree ("locked_until") WHERE "push_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "push_messages_created_idx" ON "push_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("staff_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_order_alert_key" ON "email_messages" USING btree ("order_id","user_id") WHERE "email_messages"."kind" = 'new_order_alert';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_order_alert_key" ON "whatsapp_messages" USING btree ("order_id","phone") WHERE "whatsapp_messages"."kind" = 'new_order_alert';--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind" CHECK ("email_messages"."kind" in ('order_placed', 'order_shipped', 'order_delivered', 'order_cancelled', 'password_reset', 'email_verification', 'sign_in_link', 'registration_attempt', 'new_order_alert'));--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_kind" CHECK ("whatsapp_messages"."kind" in ('confirmation', 'reminder', 'password_code', 'new_order_alert', 'phone_code'));