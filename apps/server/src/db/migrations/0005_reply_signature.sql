ALTER TABLE "shared_messages" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reply_signed_as" text DEFAULT 'team' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shop_name" text;