-- Payment reconciliation (issue 22 item 5): one run per (merchant, provider, channel, merchant day),
-- claimed by its unique key so two nodes or a rerun never duplicate it, and the mismatches it found
-- between our deposits/payouts and the provider's statement of that day. A rerun of a day replaces
-- the unresolved mismatches it finds again (match_key) and keeps the operators' resolutions.
CREATE TABLE IF NOT EXISTS "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"provider" text NOT NULL,
	"channel_code" text NOT NULL,
	"business_day" date NOT NULL,
	"status" text DEFAULT 'running' NOT NULL CHECK ("status" in ('running', 'completed', 'failed')),
	"ours_count" integer DEFAULT 0 NOT NULL,
	"theirs_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"mismatch_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reconciliation_runs_day_unique" ON "reconciliation_runs" ("merchant_id", "provider", "channel_code", "business_day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reconciliation_runs_day_idx" ON "reconciliation_runs" ("business_day", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "reconciliation_mismatches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL REFERENCES "reconciliation_runs"("id"),
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"provider" text NOT NULL,
	"business_day" date NOT NULL,
	"direction" text NOT NULL CHECK ("direction" in ('deposit', 'payout')),
	"kind" text NOT NULL CHECK ("kind" in ('missing_ours', 'missing_theirs', 'amount', 'status')),
	"match_key" text NOT NULL,
	"our_id" bigint,
	"provider_reference" text,
	"our_amount" bigint,
	"their_amount" bigint,
	"our_status" text,
	"their_status" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reconciliation_mismatches_key_unique" ON "reconciliation_mismatches" ("run_id", "direction", "match_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reconciliation_mismatches_open_idx" ON "reconciliation_mismatches" ("merchant_id", "business_day", "id") WHERE "resolved_at" is null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reconciliation_mismatches_run_idx" ON "reconciliation_mismatches" ("run_id", "id");
--> statement-breakpoint
-- The day's credited gateway deposits, read by the reconciliation in keyset batches (id order).
CREATE INDEX IF NOT EXISTS "deposit_requests_gateway_resolved_idx" ON "deposit_requests" ("merchant_id", "resolved_at", "id") WHERE "gateway_transaction_id" is not null;
