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
ALTER TABLE "stores" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_records" ADD CONSTRAINT "product_records_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_records" ADD CONSTRAINT "product_records_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_records" ADD CONSTRAINT "product_records_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_records_passage_idx" ON "product_records" USING btree ("passage_id");--> statement-breakpoint
CREATE INDEX "product_records_store_idx" ON "product_records" USING btree ("store_id","title");