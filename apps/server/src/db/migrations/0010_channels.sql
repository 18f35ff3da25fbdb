CREATE TABLE "data_deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmation_code" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"conversations_deleted" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
DROP INDEX "messaging_accounts_channel_external_unique";--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "picture_url" text;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "status" text DEFAULT 'connected' NOT NULL;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "channel_secret" text;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "token_invalid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "token_problem" text;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "meta_user_id" text;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "connected_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "last_webhook_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "last_message_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "last_send_error" text;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD COLUMN "last_send_error_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "shared_messages" ADD COLUMN "channel_message_id" text;--> statement-breakpoint
ALTER TABLE "shared_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "shared_messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD COLUMN "channel_account_id" uuid;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD COLUMN "channel_user_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "data_deletion_requests_code_unique" ON "data_deletion_requests" USING btree ("confirmation_code");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_accounts_owner_channel_external_unique" ON "messaging_accounts" USING btree ("owner_email","channel","external_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_accounts_connected_unique" ON "messaging_accounts" USING btree ("channel","external_account_id") WHERE status = 'connected';--> statement-breakpoint
CREATE UNIQUE INDEX "shared_messages_channel_message_unique" ON "shared_messages" USING btree ("shared_thread_id","channel_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_threads_channel_user_unique" ON "shared_threads" USING btree ("channel_account_id","channel_user_id");--> statement-breakpoint
ALTER TABLE "messaging_accounts" DROP COLUMN "is_active";