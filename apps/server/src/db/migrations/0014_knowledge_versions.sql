ALTER TABLE "files" ADD COLUMN "terms_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "content_version" integer DEFAULT 0 NOT NULL;