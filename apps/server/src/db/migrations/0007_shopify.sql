CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"subject" text,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"shop_connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text,
	"customer_email" text,
	"total_price" text,
	"currency" text,
	"order_created_at" timestamp with time zone,
	"note" text,
	"attributes" jsonb
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"shop_connection_id" uuid NOT NULL,
	"shared_assistant_id" uuid,
	"widget_enabled" boolean DEFAULT false NOT NULL,
	"colors" jsonb,
	"greeting" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"delivery_id" text NOT NULL,
	"topic" text NOT NULL,
	"subject" text,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_owner_idx";--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vendor" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "product_type" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "available" boolean;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "total_inventory" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "record" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "refresh_token" text;--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "refresh_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "reauthorize_required_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "shop_name" text;--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "catalog_store_id" uuid;--> statement-breakpoint
ALTER TABLE "shop_connections" ADD COLUMN "catalog_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_connection_id_shop_connections_id_fk" FOREIGN KEY ("shop_connection_id") REFERENCES "public"."shop_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_shop_connection_id_shop_connections_id_fk" FOREIGN KEY ("shop_connection_id") REFERENCES "public"."shop_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_shared_assistant_id_shared_assistants_id_fk" FOREIGN KEY ("shared_assistant_id") REFERENCES "public"."shared_assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_owner_idx" ON "data_exports" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_subject_idx" ON "data_exports" USING btree ("subject");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_shop_external_unique" ON "orders" USING btree ("shop_connection_id","external_id");--> statement-breakpoint
CREATE INDEX "orders_owner_idx" ON "orders" USING btree ("owner_email","order_created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_settings_connection_unique" ON "shop_settings" USING btree ("shop_connection_id");--> statement-breakpoint
CREATE INDEX "shop_settings_owner_idx" ON "shop_settings" USING btree ("owner_email");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_source_delivery_unique" ON "webhook_deliveries" USING btree ("source","delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_received_idx" ON "webhook_deliveries" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "shop_connections" ADD CONSTRAINT "shop_connections_catalog_store_id_stores_id_fk" FOREIGN KEY ("catalog_store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("owner_email","title");