DROP INDEX "messages_thread_idx";--> statement-breakpoint
DROP INDEX "shared_messages_thread_idx";--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shared_messages_thread_idx" ON "shared_messages" USING btree ("shared_thread_id","created_at","id");