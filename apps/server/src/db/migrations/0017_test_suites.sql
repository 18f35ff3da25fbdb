CREATE TABLE "test_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"question" text NOT NULL,
	"follow_up" text,
	"expected" text DEFAULT '' NOT NULL,
	"expect_refusal" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"kind" text DEFAULT 'custom' NOT NULL,
	"origin" text DEFAULT 'owner' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"source" text,
	"accepted_answer" text
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"run_id" uuid NOT NULL,
	"case_id" uuid,
	"question" text NOT NULL,
	"follow_up" text,
	"expected" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"verdict" text NOT NULL,
	"passed" boolean NOT NULL,
	"regressed" boolean DEFAULT false NOT NULL,
	"detail" text,
	"cost_usd" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"assistant_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"trigger_detail" text,
	"total" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"regressions" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"fingerprint" jsonb,
	"error" text,
	"finished_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_case_id_test_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."test_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_cases_assistant_idx" ON "test_cases" USING btree ("assistant_id","created_at");--> statement-breakpoint
CREATE INDEX "test_cases_owner_idx" ON "test_cases" USING btree ("owner_email","created_at");--> statement-breakpoint
CREATE INDEX "test_results_run_idx" ON "test_results" USING btree ("run_id","created_at");--> statement-breakpoint
CREATE INDEX "test_results_case_idx" ON "test_results" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE INDEX "test_runs_assistant_idx" ON "test_runs" USING btree ("assistant_id","created_at");--> statement-breakpoint
CREATE INDEX "test_runs_owner_idx" ON "test_runs" USING btree ("owner_email","created_at");