CREATE TABLE "commerce_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"ok" boolean NOT NULL,
	"outcome" text NOT NULL,
	"assistant_id" uuid,
	"shared_thread_id" uuid,
	"visitor_key" text NOT NULL,
	"shop_domain" text,
	"order_name" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"shop_domain" text NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"visitor_key" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "order_help" jsonb;--> statement-breakpoint
CREATE INDEX "commerce_actions_owner_idx" ON "commerce_actions" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "commerce_actions_visitor_idx" ON "commerce_actions" USING btree ("visitor_key","created_at");--> statement-breakpoint
CREATE INDEX "commerce_actions_shop_idx" ON "commerce_actions" USING btree ("shop_domain","created_at");--> statement-breakpoint
CREATE INDEX "commerce_actions_thread_idx" ON "commerce_actions" USING btree ("shared_thread_id");--> statement-breakpoint
CREATE INDEX "order_verifications_visitor_idx" ON "order_verifications" USING btree ("visitor_key","order_id");