-- Crash (issue 23): hash chains, shared rounds, bets, the engine lease per merchant.
CREATE TABLE IF NOT EXISTS "crash_chains" (
  "id" bigserial PRIMARY KEY,
  "merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
  "length" integer NOT NULL,
  "terminal_seed_sealed" text NOT NULL,
  "commitment" text NOT NULL,
  "salt" text NOT NULL,
  "edge_basis_points" integer NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  CONSTRAINT "crash_chains_commitment" UNIQUE ("commitment")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crash_chains_merchant" ON "crash_chains" USING btree ("merchant_id", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "crash_rounds" (
  "id" bigserial PRIMARY KEY,
  "merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
  "chain_id" bigint NOT NULL REFERENCES "crash_chains"("id"),
  "round_index" integer NOT NULL,
  "seed_hex" text NOT NULL,
  "crash_point" integer NOT NULL,
  "betting_opens_at" timestamp with time zone NOT NULL,
  "running_at" timestamp with time zone NOT NULL,
  "crashes_at" timestamp with time zone NOT NULL,
  "settled_at" timestamp with time zone,
  CONSTRAINT "crash_rounds_chain_index" UNIQUE ("chain_id", "round_index")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crash_rounds_merchant" ON "crash_rounds" USING btree ("merchant_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crash_rounds_unsettled" ON "crash_rounds" USING btree ("merchant_id") WHERE settled_at IS NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "crash_bets" (
  "id" bigserial PRIMARY KEY,
  "merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
  "round_id" bigint NOT NULL REFERENCES "crash_rounds"("id"),
  "member_id" integer NOT NULL REFERENCES "members"("id"),
  "member_account_id" integer NOT NULL,
  "house_account_id" integer NOT NULL,
  "is_trial" boolean NOT NULL,
  "player" text NOT NULL,
  "currency" text NOT NULL,
  "idempotency_key" text NOT NULL,
  "stake_minor" bigint NOT NULL,
  "auto_cash_out" integer,
  "status" text DEFAULT 'OPEN' NOT NULL,
  "cash_out" integer,
  "payout_minor" bigint DEFAULT 0 NOT NULL,
  "bet_transfer_id" bigint,
  "payout_transfer_id" bigint,
  "placed_at" timestamp with time zone NOT NULL,
  "settled_at" timestamp with time zone,
  CONSTRAINT "crash_bets_member_key" UNIQUE ("member_id", "idempotency_key"),
  CONSTRAINT "crash_bets_round_member" UNIQUE ("round_id", "member_id"),
  CONSTRAINT "crash_bets_status" CHECK (status in ('OPEN', 'CASHED', 'LOST')),
  CONSTRAINT "crash_bets_stake" CHECK (stake_minor > 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crash_bets_round_open" ON "crash_bets" USING btree ("round_id") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "crash_bets_member" ON "crash_bets" USING btree ("member_id", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "crash_engine_leases" (
  "merchant_id" integer PRIMARY KEY REFERENCES "merchants"("id"),
  "node" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
