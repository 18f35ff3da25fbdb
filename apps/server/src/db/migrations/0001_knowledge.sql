CREATE TABLE "passage_terms" (
	"store_id" uuid NOT NULL,
	"term" text NOT NULL,
	"passage_id" uuid NOT NULL,
	"tf" double precision NOT NULL,
	"length" double precision NOT NULL,
	"impact" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "passage_terms_passage_id_term_pk" PRIMARY KEY("passage_id","term")
);
--> statement-breakpoint
CREATE TABLE "passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"store_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"start_offset" integer DEFAULT 0 NOT NULL,
	"end_offset" integer DEFAULT 0 NOT NULL,
	"length" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_term_stats" (
	"store_id" uuid NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "store_term_stats_store_id_term_pk" PRIMARY KEY("store_id","term")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "status" text DEFAULT 'uploading' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "passage_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "status" text DEFAULT 'empty' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "file_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "retrieval_mode" text DEFAULT 'lexical' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "passage_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "total_length" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passage_terms" ADD CONSTRAINT "passage_terms_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_term_stats" ADD CONSTRAINT "store_term_stats_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passage_terms_impact_idx" ON "passage_terms" USING btree ("store_id","term","impact" DESC NULLS LAST,"passage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "passages_file_ordinal_idx" ON "passages" USING btree ("file_id","ordinal");--> statement-breakpoint
CREATE INDEX "passages_store_idx" ON "passages" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "files_store_hash_idx" ON "files" USING btree ("store_id","content_hash");