CREATE TABLE "leaderboard_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"leaderboard_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"rank" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"score" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_scores" (
	"leaderboard_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"member_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"score" bigint NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_scores_leaderboard_id_period_key_member_id_pk" PRIMARY KEY("leaderboard_id","period_key","member_id")
);
--> statement-breakpoint
CREATE TABLE "mission_leaderboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"period" text NOT NULL,
	"metric" text NOT NULL,
	"game_type" text,
	"prizes" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_leaderboards_period" CHECK ("mission_leaderboards"."period" IN ('DAILY', 'WEEKLY'))
);
--> statement-breakpoint
CREATE TABLE "mission_progress" (
	"mission_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_amount" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_progress_mission_id_member_id_period_key_pk" PRIMARY KEY("mission_id","member_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"titles" jsonb NOT NULL,
	"period" text NOT NULL,
	"metric" text NOT NULL,
	"game_type" text,
	"target" bigint NOT NULL,
	"reward_kind" text NOT NULL,
	"reward_amount" bigint NOT NULL,
	"turnover_multiplier" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_period" CHECK ("missions"."period" IN ('DAILY', 'WEEKLY', 'ONCE', 'EVENT')),
	CONSTRAINT "missions_target" CHECK ("missions"."target" > 0 AND "missions"."reward_amount" > 0),
	CONSTRAINT "missions_event_window" CHECK ("missions"."period" <> 'EVENT' OR ("missions"."starts_at" IS NOT NULL AND "missions"."ends_at" > "missions"."starts_at"))
);
--> statement-breakpoint
CREATE TABLE "rebate_accruals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"valid_bet" bigint NOT NULL,
	"accrued" bigint NOT NULL,
	"claimed" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_accruals_claimed" CHECK ("rebate_accruals"."claimed" >= 0 AND "rebate_accruals"."claimed" <= "rebate_accruals"."accrued")
);
--> statement-breakpoint
CREATE TABLE "rebate_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"claim_day" date NOT NULL,
	"amount" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_claims_kind" CHECK ("rebate_claims"."kind" IN ('MANUAL', 'AUTO')),
	CONSTRAINT "rebate_claims_amount" CHECK ("rebate_claims"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rebate_levels" (
	"merchant_id" integer NOT NULL,
	"level_rank" integer NOT NULL,
	"daily_cap" bigint,
	CONSTRAINT "rebate_levels_merchant_id_level_rank_pk" PRIMARY KEY("merchant_id","level_rank"),
	CONSTRAINT "rebate_levels_cap" CHECK ("rebate_levels"."daily_cap" IS NULL OR "rebate_levels"."daily_cap" > 0)
);
--> statement-breakpoint
CREATE TABLE "rebate_rates" (
	"merchant_id" integer NOT NULL,
	"level_rank" integer NOT NULL,
	"category" text NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "rebate_rates_merchant_id_level_rank_category_pk" PRIMARY KEY("merchant_id","level_rank","category"),
	CONSTRAINT "rebate_rates_rate" CHECK ("rebate_rates"."rate_bp" BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE TABLE "rebate_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"minimum_claim" bigint DEFAULT 100 NOT NULL,
	"is_auto_daily_on" boolean DEFAULT false NOT NULL,
	"auto_daily_hour" integer DEFAULT 3 NOT NULL,
	"excludes_promotion_play" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leaderboard_payouts" ADD CONSTRAINT "leaderboard_payouts_leaderboard_id_mission_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."mission_leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_payouts" ADD CONSTRAINT "leaderboard_payouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_payouts" ADD CONSTRAINT "leaderboard_payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_leaderboard_id_mission_leaderboards_id_fk" FOREIGN KEY ("leaderboard_id") REFERENCES "public"."mission_leaderboards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_scores" ADD CONSTRAINT "leaderboard_scores_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_leaderboards" ADD CONSTRAINT "mission_leaderboards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_progress" ADD CONSTRAINT "mission_progress_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_accruals" ADD CONSTRAINT "rebate_accruals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_accruals" ADD CONSTRAINT "rebate_accruals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_levels" ADD CONSTRAINT "rebate_levels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_rates" ADD CONSTRAINT "rebate_rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_settings" ADD CONSTRAINT "rebate_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_payouts_rank" ON "leaderboard_payouts" USING btree ("leaderboard_id","period_key","rank");--> statement-breakpoint
CREATE INDEX "leaderboard_scores_rank" ON "leaderboard_scores" USING btree ("leaderboard_id","period_key","score" DESC,"reached_at","member_id");--> statement-breakpoint
CREATE INDEX "mission_progress_member" ON "mission_progress" USING btree ("member_id","period_key");--> statement-breakpoint
CREATE INDEX "missions_merchant_active" ON "missions" USING btree ("merchant_id","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_accruals_member_day_category" ON "rebate_accruals" USING btree ("member_id","day","category");--> statement-breakpoint
CREATE INDEX "rebate_accruals_pending" ON "rebate_accruals" USING btree ("merchant_id","day","member_id") WHERE "rebate_accruals"."accrued" > "rebate_accruals"."claimed";--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_claims_member_key" ON "rebate_claims" USING btree ("member_id","request_key");--> statement-breakpoint
CREATE INDEX "rebate_claims_member_day" ON "rebate_claims" USING btree ("member_id","claim_day");--> statement-breakpoint
CREATE INDEX "rebate_claims_merchant_created" ON "rebate_claims" USING btree ("merchant_id","created_at");