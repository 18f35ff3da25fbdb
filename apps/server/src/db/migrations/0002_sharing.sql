ALTER TABLE "shared_assistants" ADD COLUMN "theme" jsonb;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD COLUMN "owner_last_read_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD COLUMN "last_visitor_message_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD COLUMN "summarized_at" timestamp (3) with time zone;