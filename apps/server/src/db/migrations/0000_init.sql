CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"owner_email" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"owner_email" text NOT NULL,
	"content" text,
	"user_has_read" boolean DEFAULT false NOT NULL,
	"presigned_get" text
);
--> statement-breakpoint
CREATE TABLE "assistant_custom_user_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"custom_user_template_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"function_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"store_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"template_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status" text,
	"log" text,
	"assistant_name" text NOT NULL,
	"tools" jsonb,
	"tool_resources" jsonb,
	"instructions" text,
	"model" text,
	"temperature" double precision,
	"top_p" double precision,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"store_retrieval_settings" jsonb,
	"is_safe_guard_on" boolean DEFAULT false NOT NULL,
	"safe_guard_instruction" text,
	"use_case" text,
	"assistant_avatar_url" text,
	"user_avatar_url" text,
	"assistant_user_qa" jsonb
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"content" text NOT NULL,
	"sender_type" text NOT NULL,
	"thread_id" uuid NOT NULL,
	"provider" text,
	"model" text,
	"llm_usage" jsonb,
	"use_case" text
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"result" jsonb,
	"llm_usage" jsonb,
	"provider" text,
	"model" text,
	"function_id" uuid,
	"assistant_id" uuid
);
--> statement-breakpoint
CREATE TABLE "threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text,
	"content" text,
	"last_response_id" text,
	"assistant_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"content" jsonb NOT NULL,
	"ai_context" jsonb,
	"tool_configuration" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"name" text,
	"metadata" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"associated_user_message_id" uuid,
	"content_block_index" integer,
	"content_block_done_at_index" integer,
	"content_block_delta_index" integer,
	"content_block_text" text,
	"content_block_tool_use" jsonb,
	"stop_reason" text,
	"errors" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status" text,
	"log" text,
	"name" text NOT NULL,
	"file_name" text,
	"code" text,
	"description" text,
	"third_party_services" jsonb,
	"is_violating_rules" boolean DEFAULT false NOT NULL,
	"violating_because" text,
	"function_assistant_definition" jsonb,
	"variables" jsonb,
	"return_type" text
);
--> statement-breakpoint
CREATE TABLE "variables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"secret" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"external_account_id" text NOT NULL,
	"name" text,
	"access_token" text,
	"metadata" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"assistant_id" uuid,
	"shared_assistant_id" uuid
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"shop_connection_id" uuid,
	"external_id" text,
	"title" text NOT NULL,
	"description" text,
	"url" text,
	"image_url" text,
	"price" double precision,
	"currency" text,
	"variants" jsonb
);
--> statement-breakpoint
CREATE TABLE "shop_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"platform" text DEFAULT 'shopify' NOT NULL,
	"shop_domain" text NOT NULL,
	"access_token" text,
	"scopes" text,
	"host" text,
	"visited" boolean DEFAULT false NOT NULL,
	"installed_at" timestamp with time zone,
	"uninstalled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shared_assistants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"share_token" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"original_assistant_id" uuid NOT NULL,
	"assistant_name" text,
	"status" text,
	"log" text
);
--> statement-breakpoint
CREATE TABLE "shared_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"content" text NOT NULL,
	"sender_type" text NOT NULL,
	"shared_thread_id" uuid NOT NULL,
	"provider" text,
	"model" text,
	"llm_usage" jsonb,
	"use_case" text,
	"is_manual_response" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"shared_assistant_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"anonymous_email" text,
	"sender_profile_pic_url" text,
	"owner_profile_pic_url" text,
	"auto_reply_paused" boolean DEFAULT false NOT NULL,
	"last_response_id" text,
	"origin" text,
	"thread_summary" text,
	"visitor_token_hash" text
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"store_id" uuid NOT NULL,
	"store_files_id" uuid
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"total_size" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_user_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"file_name" text,
	"description" text,
	"code" text,
	"function_assistant_definition" jsonb,
	"variables" jsonb,
	"return_type" text,
	"template_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"required_variables" jsonb
);
--> statement-breakpoint
CREATE TABLE "user_template_functions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"custom_user_template_id" uuid NOT NULL,
	"template_function_id" uuid NOT NULL,
	"owner_email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"cost_usd" numeric(14, 6) DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_confirmations" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tier_limits" (
	"tier" text PRIMARY KEY NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"product_id" text,
	"tier" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_usd" numeric(14, 6) NOT NULL,
	"description" text,
	"external_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"tier" text DEFAULT 'basic' NOT NULL,
	"available_usd" numeric(14, 6) DEFAULT 0 NOT NULL,
	"avatar" text,
	"tier_track" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_login" timestamp with time zone,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_value_analytics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"time_window" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"last_refreshed" timestamp with time zone,
	"customers_helped" integer DEFAULT 0 NOT NULL,
	"total_interactions" integer DEFAULT 0 NOT NULL,
	"customer_interactions" integer DEFAULT 0 NOT NULL,
	"assistant_responses" integer DEFAULT 0 NOT NULL,
	"estimated_time_saved" double precision DEFAULT 0 NOT NULL,
	"estimated_cost_savings" double precision DEFAULT 0 NOT NULL,
	"avg_response_time" double precision,
	"total_tokens" bigint DEFAULT 0 NOT NULL,
	"prompt_tokens" bigint DEFAULT 0 NOT NULL,
	"completion_tokens" bigint DEFAULT 0 NOT NULL,
	"cache_tokens" bigint DEFAULT 0 NOT NULL,
	"actual_cost" double precision DEFAULT 0 NOT NULL,
	"prompt_cost" double precision DEFAULT 0 NOT NULL,
	"completion_cost" double precision DEFAULT 0 NOT NULL,
	"cache_cost" double precision DEFAULT 0 NOT NULL,
	"cost_per_customer" double precision,
	"cost_per_interaction" double precision,
	"model_breakdown" jsonb,
	"channel_breakdown" jsonb,
	"peak_hours" jsonb,
	"avg_messages_per_conversation" double precision,
	"returning_customers" integer DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"automation_rate" double precision,
	"conversation_completion_rate" double precision,
	"growth_trend" jsonb,
	"customer_growth" double precision,
	"interaction_growth" double precision,
	"assistant_id" uuid,
	"assistant_name" text,
	"analytics_type" text,
	"aggregation_type" text,
	"channel" text,
	"pricing_snapshot" jsonb
);
--> statement-breakpoint
CREATE TABLE "wizards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"current_step" text DEFAULT 'NOT_STARTED' NOT NULL,
	"status" text,
	"completed" boolean DEFAULT false NOT NULL,
	"pages_retrieved" boolean DEFAULT false NOT NULL,
	"blogs_retrieved" boolean DEFAULT false NOT NULL,
	"products_retrieved" boolean DEFAULT false NOT NULL,
	"theme_colors_retrieved" boolean DEFAULT false NOT NULL,
	"vector_store_created" boolean DEFAULT false NOT NULL,
	"files_uploaded" boolean DEFAULT false NOT NULL,
	"assistant_created" boolean DEFAULT false NOT NULL,
	"vector_store_linked" boolean DEFAULT false NOT NULL,
	"template_linked" boolean DEFAULT false NOT NULL,
	"shared_assistant_created" boolean DEFAULT false NOT NULL,
	"shopify_configuration_updated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_custom_user_templates" ADD CONSTRAINT "assistant_custom_user_templates_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_custom_user_templates" ADD CONSTRAINT "assistant_custom_user_templates_custom_user_template_id_custom_user_templates_id_fk" FOREIGN KEY ("custom_user_template_id") REFERENCES "public"."custom_user_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_functions" ADD CONSTRAINT "assistant_functions_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_functions" ADD CONSTRAINT "assistant_functions_function_id_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_stores" ADD CONSTRAINT "assistant_stores_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_stores" ADD CONSTRAINT "assistant_stores_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_templates" ADD CONSTRAINT "assistant_templates_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_templates" ADD CONSTRAINT "assistant_templates_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_function_id_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."functions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threads" ADD CONSTRAINT "threads_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_events" ADD CONSTRAINT "stream_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD CONSTRAINT "messaging_accounts_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_accounts" ADD CONSTRAINT "messaging_accounts_shared_assistant_id_shared_assistants_id_fk" FOREIGN KEY ("shared_assistant_id") REFERENCES "public"."shared_assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_connection_id_shop_connections_id_fk" FOREIGN KEY ("shop_connection_id") REFERENCES "public"."shop_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_assistants" ADD CONSTRAINT "shared_assistants_original_assistant_id_assistants_id_fk" FOREIGN KEY ("original_assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_messages" ADD CONSTRAINT "shared_messages_shared_thread_id_shared_threads_id_fk" FOREIGN KEY ("shared_thread_id") REFERENCES "public"."shared_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_threads" ADD CONSTRAINT "shared_threads_shared_assistant_id_shared_assistants_id_fk" FOREIGN KEY ("shared_assistant_id") REFERENCES "public"."shared_assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_functions" ADD CONSTRAINT "template_functions_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_template_functions" ADD CONSTRAINT "user_template_functions_custom_user_template_id_custom_user_templates_id_fk" FOREIGN KEY ("custom_user_template_id") REFERENCES "public"."custom_user_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_template_functions" ADD CONSTRAINT "user_template_functions_template_function_id_template_functions_id_fk" FOREIGN KEY ("template_function_id") REFERENCES "public"."template_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_transactions" ADD CONSTRAINT "user_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_owner_idx" ON "notifications" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_custom_user_templates_unique" ON "assistant_custom_user_templates" USING btree ("assistant_id","custom_user_template_id");--> statement-breakpoint
CREATE INDEX "assistant_custom_user_templates_cut_idx" ON "assistant_custom_user_templates" USING btree ("custom_user_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_functions_unique" ON "assistant_functions" USING btree ("assistant_id","function_id");--> statement-breakpoint
CREATE INDEX "assistant_functions_function_idx" ON "assistant_functions" USING btree ("function_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_stores_unique" ON "assistant_stores" USING btree ("assistant_id","store_id");--> statement-breakpoint
CREATE INDEX "assistant_stores_store_idx" ON "assistant_stores" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_templates_unique" ON "assistant_templates" USING btree ("assistant_id","template_id");--> statement-breakpoint
CREATE INDEX "assistant_templates_template_idx" ON "assistant_templates" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "assistants_owner_idx" ON "assistants" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_owner_idx" ON "tasks" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "threads_assistant_idx" ON "threads" USING btree ("assistant_id","created_at");--> statement-breakpoint
CREATE INDEX "threads_owner_idx" ON "threads" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_owner_idx" ON "conversations" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "stream_events_conversation_idx" ON "stream_events" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "functions_owner_idx" ON "functions" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "variables_owner_idx" ON "variables" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_accounts_channel_external_unique" ON "messaging_accounts" USING btree ("channel","external_account_id");--> statement-breakpoint
CREATE INDEX "messaging_accounts_owner_idx" ON "messaging_accounts" USING btree ("owner_email");--> statement-breakpoint
CREATE INDEX "products_owner_idx" ON "products" USING btree ("owner_email");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_external_unique" ON "products" USING btree ("shop_connection_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_connections_domain_unique" ON "shop_connections" USING btree ("platform","shop_domain");--> statement-breakpoint
CREATE INDEX "shop_connections_owner_idx" ON "shop_connections" USING btree ("owner_email");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_assistants_token_unique" ON "shared_assistants" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "shared_assistants_owner_idx" ON "shared_assistants" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "shared_messages_thread_idx" ON "shared_messages" USING btree ("shared_thread_id","created_at");--> statement-breakpoint
CREATE INDEX "shared_threads_owner_activity_idx" ON "shared_threads" USING btree ("owner_email","last_activity_at");--> statement-breakpoint
CREATE INDEX "shared_threads_assistant_idx" ON "shared_threads" USING btree ("shared_assistant_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "files_store_idx" ON "files" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "stores_owner_idx" ON "stores" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "custom_user_templates_owner_idx" ON "custom_user_templates" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "template_functions_template_idx" ON "template_functions" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "user_template_functions_cut_idx" ON "user_template_functions" USING btree ("custom_user_template_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_template_functions_unique" ON "user_template_functions" USING btree ("custom_user_template_id","template_function_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_usage_user_day_unique" ON "daily_usage" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "email_confirmations_user_idx" ON "email_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_idx" ON "user_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_transactions_user_idx" ON "user_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_transactions_external_unique" ON "user_transactions" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customer_value_analytics_owner_idx" ON "customer_value_analytics" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "wizards_owner_idx" ON "wizards" USING btree ("owner_email","created_at");