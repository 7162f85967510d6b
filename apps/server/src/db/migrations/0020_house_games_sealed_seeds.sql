-- Issue 11, findings 5 and 10: seeds are kept sealed (AES-256-GCM, key outside the database) while secret.
-- Rows written before keep their clear seed until the house-seal-plain-seeds job seals them (it needs the key,
-- which SQL never sees); a lottery draw commits to its closed ticket set; slots commit the next seed in advance.
ALTER TABLE "fairness_seeds" DROP CONSTRAINT "fairness_seeds_status";--> statement-breakpoint
ALTER TABLE "fairness_seeds" ALTER COLUMN "server_seed_hex" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fairness_seeds" ALTER COLUMN "client_seed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_issues" ALTER COLUMN "server_seed_hex" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD COLUMN "server_seed_sealed" text;--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD COLUMN "is_client_seed_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD COLUMN "server_seed_sealed" text;--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD COLUMN "ticket_set_hash" text;--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD COLUMN "ticket_set_count" integer;--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slot_rounds" ADD COLUMN "client_seed" text;--> statement-breakpoint
CREATE UNIQUE INDEX "fairness_seeds_one_next" ON "fairness_seeds" USING btree ("member_id","family") WHERE status = 'NEXT';--> statement-breakpoint
CREATE INDEX "fairness_seeds_plain_secret" ON "fairness_seeds" USING btree ("id") WHERE server_seed_hex IS NOT NULL AND status <> 'REVEALED';--> statement-breakpoint
CREATE INDEX "lottery_issues_plain_secret" ON "lottery_issues" USING btree ("id") WHERE server_seed_hex IS NOT NULL AND status IN ('OPEN', 'CLOSED');--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_seed_kept" CHECK (server_seed_hex IS NOT NULL OR server_seed_sealed IS NOT NULL);--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_client_seed" CHECK (status = 'NEXT' OR client_seed IS NOT NULL);--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_status" CHECK (status in ('NEXT', 'ACTIVE', 'REVEALED'));--> statement-breakpoint
ALTER TABLE "lottery_issues" ADD CONSTRAINT "lottery_issues_seed_kept" CHECK (server_seed_hex IS NOT NULL OR server_seed_sealed IS NOT NULL);