CREATE TABLE "fairness_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"family" text NOT NULL,
	"server_seed_hex" text NOT NULL,
	"commitment" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "fairness_seeds_status" CHECK (status in ('ACTIVE', 'REVEALED'))
);
--> statement-breakpoint
CREATE TABLE "lottery_draw_winners" (
	"issue_id" bigint NOT NULL,
	"bet_type" text NOT NULL,
	"selection" text NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "lottery_draw_winners_row" UNIQUE("issue_id","bet_type","selection")
);
--> statement-breakpoint
CREATE TABLE "lottery_issues" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"kind" text NOT NULL,
	"issue_no" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"server_seed_hex" text NOT NULL,
	"commitment" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"result" jsonb,
	"drawn_at" timestamp with time zone,
	"ticket_count" integer DEFAULT 0 NOT NULL,
	"winner_count" integer DEFAULT 0 NOT NULL,
	"payout_total_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_issues_game_issue" UNIQUE("game_code","issue_no"),
	CONSTRAINT "lottery_issues_status" CHECK (status in ('OPEN', 'CLOSED', 'DRAWN', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"issue_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"slip_key" text NOT NULL,
	"line_no" integer NOT NULL,
	"bet_type" text NOT NULL,
	"selection" text NOT NULL,
	"odds_table" text NOT NULL,
	"odds_scaled" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_minor" bigint DEFAULT 0 NOT NULL,
	"is_trial" boolean NOT NULL,
	"currency" text NOT NULL,
	"member_account_id" bigint NOT NULL,
	"house_account_id" bigint NOT NULL,
	"bet_transfer_id" bigint,
	"payout_transfer_id" bigint,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_tickets_slip_line" UNIQUE("member_id","slip_key","line_no"),
	CONSTRAINT "lottery_tickets_status" CHECK (status in ('pending', 'won', 'lost', 'void')),
	CONSTRAINT "lottery_tickets_amount" CHECK (amount_minor > 0)
);
--> statement-breakpoint
CREATE TABLE "slot_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"title_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"total_bet_minor" bigint NOT NULL,
	"total_payout_minor" bigint NOT NULL,
	"is_capped" boolean NOT NULL,
	"is_trial" boolean NOT NULL,
	"currency" text NOT NULL,
	"free_spin_count" integer NOT NULL,
	"outcome" jsonb NOT NULL,
	"bet_transfer_id" bigint,
	"payout_transfer_id" bigint,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_rounds_member_key" UNIQUE("member_id","idempotency_key"),
	CONSTRAINT "slot_rounds_seed_nonce" UNIQUE("seed_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "fairness_seeds" ADD CONSTRAINT "fairness_seeds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draw_winners" ADD CONSTRAINT "lottery_draw_winners_issue_id_lottery_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."lottery_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_issue_id_lottery_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."lottery_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_rounds" ADD CONSTRAINT "slot_rounds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_rounds" ADD CONSTRAINT "slot_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_rounds" ADD CONSTRAINT "slot_rounds_seed_id_fairness_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."fairness_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fairness_seeds_one_active" ON "fairness_seeds" USING btree ("member_id","family") WHERE status = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "lottery_issues_status_draw" ON "lottery_issues" USING btree ("status","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_tickets_issue_status" ON "lottery_tickets" USING btree ("issue_id","status");--> statement-breakpoint
CREATE INDEX "lottery_tickets_member" ON "lottery_tickets" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "slot_rounds_member_played" ON "slot_rounds" USING btree ("member_id","id");