ALTER TABLE "whatsapp_messages" DROP CONSTRAINT "whatsapp_messages_language";--> statement-breakpoint
ALTER TABLE "account_requests" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_requests" ADD CONSTRAINT "account_requests_locale" CHECK ("account_requests"."locale" is null or "account_requests"."locale" in ('en', 'ur'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale" CHECK ("users"."locale" in ('en', 'ur'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_locale" CHECK ("orders"."locale" in ('en', 'ur'));--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_language" CHECK ("whatsapp_messages"."language" in ('en', 'en+ur', 'ur'));