-- Play through game aggregators (issue 21): multi-use aggregator game sessions and the bonus attributes of their bets.
CREATE TABLE IF NOT EXISTS "aggregator_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL REFERENCES "aggregator_integrations"("id"),
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"token_hash" text NOT NULL,
	"game_id" integer NOT NULL REFERENCES "games"("id"),
	"currency" text NOT NULL,
	"cash_account_id" bigint NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "aggregator_sessions_token_unique" ON "aggregator_sessions" ("token_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "aggregator_sessions_member" ON "aggregator_sessions" ("member_id", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "aggregator_bets" (
	"integration_id" integer NOT NULL REFERENCES "aggregator_integrations"("id"),
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('BET', 'WIN', 'PROMO')),
	"round_id" bigint REFERENCES "game_rounds"("id"),
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"face_amount" bigint NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_supplier_promo" boolean DEFAULT false NOT NULL,
	"bet_type" text,
	"supplier_user" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("integration_id", "transaction_uuid")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "aggregator_bets_round" ON "aggregator_bets" ("round_id");
