-- Kismat Originals (issue 23): dice and mines rounds on the member seed pair, one row per staked round.
CREATE TABLE IF NOT EXISTS "original_rounds" (
  "id" bigserial PRIMARY KEY,
  "merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
  "member_id" integer NOT NULL REFERENCES "members"("id"),
  "game" text NOT NULL,
  "idempotency_key" text NOT NULL,
  "seed_id" bigint NOT NULL REFERENCES "fairness_seeds"("id"),
  "nonce" integer NOT NULL,
  "client_seed" text NOT NULL,
  "house_edge_bp" integer NOT NULL,
  "stake_minor" bigint NOT NULL,
  "payout_minor" bigint NOT NULL DEFAULT 0,
  "multiplier" integer NOT NULL DEFAULT 0,
  "status" text NOT NULL,
  "params" jsonb NOT NULL,
  "outcome" jsonb NOT NULL,
  "picks" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "is_trial" boolean NOT NULL,
  "currency" text NOT NULL,
  "bet_transfer_id" bigint,
  "payout_transfer_id" bigint,
  "opened_at" timestamp with time zone NOT NULL,
  "settled_at" timestamp with time zone,
  CONSTRAINT "original_rounds_member_key" UNIQUE ("member_id", "idempotency_key"),
  CONSTRAINT "original_rounds_seed_nonce" UNIQUE ("seed_id", "nonce"),
  CONSTRAINT "original_rounds_status" CHECK (status in ('OPEN', 'WON', 'LOST')),
  CONSTRAINT "original_rounds_game" CHECK (game in ('DICE', 'MINES'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "original_rounds_member_game" ON "original_rounds" USING btree ("member_id", "game", "id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "original_rounds_one_open" ON "original_rounds" USING btree ("member_id") WHERE status = 'OPEN';
