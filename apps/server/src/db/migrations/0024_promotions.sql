CREATE TABLE "promotion_awards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'CREDITED' NOT NULL,
	"reason" text NOT NULL,
	"ledger_transfer_id" bigint NOT NULL,
	"returned_amount" bigint DEFAULT 0 NOT NULL,
	"return_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "promotion_awards_status" CHECK ("promotion_awards"."status" IN ('CREDITED', 'FORFEITED', 'EXPIRED')),
	CONSTRAINT "promotion_awards_amounts" CHECK ("promotion_awards"."amount" > 0 AND "promotion_awards"."returned_amount" >= 0 AND "promotion_awards"."returned_amount" <= "promotion_awards"."amount")
);
--> statement-breakpoint
CREATE TABLE "promotion_deposit_counts" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"first_deposit_id" bigint NOT NULL,
	"deposit_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"deposit_turnover_bp" integer DEFAULT 10000 NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"image_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"audience" jsonb NOT NULL,
	"claim_mode" text NOT NULL,
	"reward" jsonb NOT NULL,
	"min_deposit" bigint,
	"turnover_multiple_bp" integer NOT NULL,
	"contributions" jsonb NOT NULL,
	"max_bet" bigint,
	"expiry_days" integer,
	"per_member_limit" integer DEFAULT 1 NOT NULL,
	"limit_period" text DEFAULT 'NONE' NOT NULL,
	"budget" bigint,
	"budget_used" bigint DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind" CHECK ("promotions"."kind" IN ('FIRST_DEPOSIT', 'RELOAD', 'RED_ENVELOPE', 'RAFFLE', 'REFERRAL', 'ACTIVITY')),
	CONSTRAINT "promotions_status" CHECK ("promotions"."status" IN ('DRAFT', 'LIVE', 'PAUSED', 'ENDED')),
	CONSTRAINT "promotions_claim_mode" CHECK ("promotions"."claim_mode" IN ('AUTOMATIC', 'CLAIM', 'APPLICATION')),
	CONSTRAINT "promotions_limit_period" CHECK ("promotions"."limit_period" IN ('NONE', 'DAY', 'WEEK', 'MONTH')),
	CONSTRAINT "promotions_numbers" CHECK ("promotions"."turnover_multiple_bp" >= 0 AND "promotions"."per_member_limit" >= 1 AND "promotions"."budget_used" >= 0),
	CONSTRAINT "promotions_budget" CHECK ("promotions"."budget" IS NULL OR "promotions"."budget_used" <= "promotions"."budget"),
	CONSTRAINT "promotions_window" CHECK ("promotions"."ends_at" IS NULL OR "promotions"."ends_at" > "promotions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "turnover_requirements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"source" text NOT NULL,
	"source_id" bigint NOT NULL,
	"award_id" bigint,
	"promotion_id" integer,
	"amount_basis" bigint NOT NULL,
	"required" bigint NOT NULL,
	"done" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"max_bet" bigint,
	"contributions" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"note" text,
	CONSTRAINT "turnover_requirements_source_kind" CHECK ("turnover_requirements"."source" IN ('DEPOSIT', 'PROMOTION')),
	CONSTRAINT "turnover_requirements_status" CHECK ("turnover_requirements"."status" IN ('ACTIVE', 'MET', 'WAIVED', 'FORFEITED', 'EXPIRED')),
	CONSTRAINT "turnover_requirements_amounts" CHECK ("turnover_requirements"."required" > 0 AND "turnover_requirements"."done" >= 0 AND "turnover_requirements"."done" <= "turnover_requirements"."required")
);
--> statement-breakpoint
ALTER TABLE "promotion_awards" ADD CONSTRAINT "promotion_awards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_awards" ADD CONSTRAINT "promotion_awards_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_awards" ADD CONSTRAINT "promotion_awards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_deposit_counts" ADD CONSTRAINT "promotion_deposit_counts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_deposit_counts" ADD CONSTRAINT "promotion_deposit_counts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_settings" ADD CONSTRAINT "promotion_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_award_id_promotion_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."promotion_awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_awards_key" ON "promotion_awards" USING btree ("promotion_id","member_id","period_key");--> statement-breakpoint
CREATE INDEX "promotion_awards_member_period" ON "promotion_awards" USING btree ("member_id","promotion_id","period");--> statement-breakpoint
CREATE INDEX "promotion_awards_merchant_created" ON "promotion_awards" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "promotions_merchant_status" ON "promotions" USING btree ("merchant_id","status","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_requirements_source" ON "turnover_requirements" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "turnover_requirements_member_active" ON "turnover_requirements" USING btree ("member_id","id") WHERE "turnover_requirements"."status" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "turnover_requirements_expiry" ON "turnover_requirements" USING btree ("expires_at") WHERE "turnover_requirements"."status" = 'ACTIVE' AND "turnover_requirements"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "turnover_requirements_merchant_member" ON "turnover_requirements" USING btree ("merchant_id","member_id","id");