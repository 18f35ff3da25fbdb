DROP INDEX "user_transactions_external_unique";--> statement-breakpoint
ALTER TABLE "daily_usage" ALTER COLUMN "input_tokens" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "daily_usage" ALTER COLUMN "output_tokens" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "daily_usage" ADD COLUMN "cost_micro_usd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_usage" ADD COLUMN "generations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_transactions" ADD COLUMN "amount_micro_usd" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "user_transactions" ADD COLUMN "balance_after_micro_usd" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "user_transactions" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "user_transactions" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "balance_micro_usd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_transactions_idempotency_unique" ON "user_transactions" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "daily_usage" DROP COLUMN "cost_usd";--> statement-breakpoint
ALTER TABLE "daily_usage" DROP COLUMN "messages";--> statement-breakpoint
ALTER TABLE "user_transactions" DROP COLUMN "amount_usd";--> statement-breakpoint
ALTER TABLE "user_transactions" DROP COLUMN "external_id";--> statement-breakpoint
-- Balances move to integer micro-USD; each non-zero balance gets an opening ledger row, so the ledger explains every balance.
UPDATE "users" SET "balance_micro_usd" = round("available_usd" * 1000000)::bigint;--> statement-breakpoint
INSERT INTO "user_transactions" ("user_id", "kind", "amount_micro_usd", "balance_after_micro_usd", "reference", "idempotency_key", "description")
SELECT "id", 'adjustment', "balance_micro_usd", "balance_micro_usd", NULL, 'opening-balance:' || "id", 'Balance before the ledger'
FROM "users" WHERE "balance_micro_usd" <> 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "available_usd";