CREATE TABLE "wizard_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "assistant_id" uuid;--> statement-breakpoint
ALTER TABLE "wizards" ADD COLUMN "log" text;--> statement-breakpoint
ALTER TABLE "wizards" ADD COLUMN "shop_domain" text;--> statement-breakpoint
CREATE UNIQUE INDEX "wizard_usage_owner_unique" ON "wizard_usage" USING btree ("owner_email");--> statement-breakpoint
ALTER TABLE "shop_connections" ADD CONSTRAINT "shop_connections_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE set null ON UPDATE no action;