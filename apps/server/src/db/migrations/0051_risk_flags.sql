-- Risk (issue 19): accounts the risk rules flagged, one row per (member, rule, evidence), and
-- the review an operator gave it. An OPEN flag holds the member's withdrawals for review.
CREATE TABLE IF NOT EXISTS "risk_flags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" integer NOT NULL REFERENCES "members"("id"),
	"rule" text NOT NULL CHECK ("rule" in ('SHARED_DEVICE', 'SHARED_IP', 'SHARED_BANK_ACCOUNT', 'SHARED_PHONE', 'MANY_ACCOUNTS_ONE_IP', 'DEPOSIT_WITHDRAW_LOW_PLAY', 'BOTH_SIDES')),
	"evidence_key" text NOT NULL,
	"severity" text NOT NULL CHECK ("severity" in ('LOW', 'MEDIUM', 'HIGH')),
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL CHECK ("status" in ('OPEN', 'CONFIRMED', 'DISMISSED')),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_note" text
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "risk_flags_evidence_unique" ON "risk_flags" ("merchant_id", "member_id", "rule", "evidence_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "risk_flags_queue" ON "risk_flags" ("merchant_id", "status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "risk_flags_open_member" ON "risk_flags" ("member_id") WHERE "status" = 'OPEN';--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "risk_scan_marks" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"rule" text NOT NULL,
	"scanned_to" timestamp with time zone NOT NULL,
	CONSTRAINT "risk_scan_marks_pk" PRIMARY KEY ("merchant_id", "rule")
);
