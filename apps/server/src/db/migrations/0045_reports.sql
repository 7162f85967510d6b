-- Reports (issue 19 item 3, docs/reports.md): hourly pre-aggregates per merchant, folded from the
-- ledger and the settled rounds by modules/reports (fold-report-hours.ts), re-derivable hour by hour.
-- Hours are the merchant's LOCAL hours (timestamp without time zone = UTC + merchants.utc_offset_minutes),
-- so every local day, week and month is a whole number of rows whatever the offset (+05:45 included).
CREATE TABLE "report_hourly" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"local_hour" timestamp NOT NULL,
	"game_type" text NOT NULL DEFAULT '',
	"vendor_id" integer NOT NULL DEFAULT 0,
	"game_id" integer NOT NULL DEFAULT 0,
	"channel" text NOT NULL DEFAULT '',
	"rounds" bigint NOT NULL DEFAULT 0,
	"bets" bigint NOT NULL DEFAULT 0,
	"wins" bigint NOT NULL DEFAULT 0,
	"deposit_count" bigint NOT NULL DEFAULT 0,
	"deposits" bigint NOT NULL DEFAULT 0,
	"first_deposit_count" bigint NOT NULL DEFAULT 0,
	"withdrawal_count" bigint NOT NULL DEFAULT 0,
	"withdrawals" bigint NOT NULL DEFAULT 0,
	"bonuses" bigint NOT NULL DEFAULT 0,
	"commissions" bigint NOT NULL DEFAULT 0,
	"new_members" bigint NOT NULL DEFAULT 0,
	PRIMARY KEY ("merchant_id", "local_hour", "game_type", "vendor_id", "game_id", "channel")
);--> statement-breakpoint
-- Who was active (played) or deposited on a local day: distinct members over a week or month.
CREATE TABLE "report_member_days" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"local_day" date NOT NULL,
	"member_id" bigint NOT NULL,
	"played" boolean NOT NULL DEFAULT false,
	"deposited" boolean NOT NULL DEFAULT false,
	PRIMARY KEY ("merchant_id", "local_day", "member_id")
);--> statement-breakpoint
-- Each member's first deposit (the earliest credit seen by any fold; folds only move it earlier).
CREATE TABLE "report_first_deposits" (
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL,
	"first_at" timestamptz NOT NULL,
	PRIMARY KEY ("merchant_id", "member_id")
);--> statement-breakpoint
CREATE INDEX "report_first_deposits_at" ON "report_first_deposits" USING btree ("merchant_id", "first_at");--> statement-breakpoint
-- The fold's watermark per merchant: every local hour before derived_until is in report_hourly.
-- Its row lock serialises runners (a second runner skips the merchant: SKIP LOCKED).
CREATE TABLE "report_watermarks" (
	"merchant_id" integer PRIMARY KEY REFERENCES "merchants"("id"),
	"derived_until" timestamptz NOT NULL,
	"updated_at" timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
-- Index-only range reads of the settled real-money rounds of a merchant by settlement time
-- (the fold and today's live hours).
CREATE INDEX "game_rounds_report_settled" ON "game_rounds" USING btree ("merchant_id", (coalesce("settled_at", "closed_at")))
	INCLUDE ("member_id", "game_type", "vendor_id", "game_id", "bet_total", "payout_total")
	WHERE "status" = 'CLOSED' AND NOT "is_trial";--> statement-breakpoint
-- New members of a merchant by registration time.
CREATE INDEX "members_merchant_created" ON "members" USING btree ("merchant_id", "created_at") INCLUDE ("type");
