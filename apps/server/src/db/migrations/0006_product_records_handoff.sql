CREATE TABLE "unanswered_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"shared_thread_id" uuid,
	"question" text NOT NULL,
	"answer" text,
	"answered_at" timestamp (3) with time zone,
	"file_id" uuid
);
--> statement-breakpoint
CREATE TABLE "product_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"store_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"passage_id" uuid NOT NULL,
	"title" text NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "pause_on_handoff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD COLUMN "needs_human" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD COLUMN "needs_human_reason" text;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD COLUMN "needs_human_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_questions" ADD CONSTRAINT "unanswered_questions_shared_thread_id_shared_threads_id_fk" FOREIGN KEY ("shared_thread_id") REFERENCES "public"."shared_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_records" ADD CONSTRAINT "product_records_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_records" ADD CONSTRAINT "product_records_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_records" ADD CONSTRAINT "product_records_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unanswered_questions_owner_idx" ON "unanswered_questions" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_records_passage_idx" ON "product_records" USING btree ("passage_id");--> statement-breakpoint
CREATE INDEX "product_records_store_idx" ON "product_records" USING btree ("store_id","title");