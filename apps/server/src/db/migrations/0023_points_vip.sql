CREATE TABLE "points_accruals" (
	"member_id" bigint NOT NULL,
	"category" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"accrued" bigint NOT NULL,
	CONSTRAINT "points_accruals_member_id_category_pk" PRIMARY KEY("member_id","category")
);
--> statement-breakpoint
CREATE TABLE "points_balances" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"balance" bigint NOT NULL,
	"earned_total" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_balances_non_negative" CHECK ("points_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_delta" CHECK ("points_entries"."delta" <> 0 AND "points_entries"."balance_after" >= 0),
	CONSTRAINT "points_entries_kind" CHECK ("points_entries"."kind" IN ('EARN', 'REDEEM', 'RESTORE', 'CONVERT', 'ADJUST')),
	CONSTRAINT "points_entries_sign" CHECK (CASE "points_entries"."kind" WHEN 'EARN' THEN "points_entries"."delta" > 0 WHEN 'RESTORE' THEN "points_entries"."delta" > 0
        WHEN 'REDEEM' THEN "points_entries"."delta" < 0 WHEN 'CONVERT' THEN "points_entries"."delta" < 0 ELSE true END)
);
--> statement-breakpoint
CREATE TABLE "points_exchange_rates" (
	"merchant_id" integer NOT NULL,
	"category" text NOT NULL,
	"unit_amount" bigint NOT NULL,
	"unit_points" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_exchange_rates_merchant_id_category_pk" PRIMARY KEY("merchant_id","category"),
	CONSTRAINT "points_exchange_rates_positive" CHECK ("points_exchange_rates"."unit_amount" > 0 AND "points_exchange_rates"."unit_points" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_mall_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"cash_amount" bigint DEFAULT 0 NOT NULL,
	"stock" integer NOT NULL,
	"per_member_limit" integer,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_mall_items_kind" CHECK ("points_mall_items"."kind" IN ('CASH', 'GOODS')),
	CONSTRAINT "points_mall_items_amounts" CHECK ("points_mall_items"."points" > 0 AND "points_mall_items"."stock" >= 0 AND ("points_mall_items"."per_member_limit" IS NULL OR "points_mall_items"."per_member_limit" > 0)
        AND CASE "points_mall_items"."kind" WHEN 'CASH' THEN "points_mall_items"."cash_amount" > 0 ELSE "points_mall_items"."cash_amount" = 0 END)
);
--> statement-breakpoint
CREATE TABLE "points_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"type" text NOT NULL,
	"item_id" integer,
	"item_names" jsonb,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"points_requirement" bigint NOT NULL,
	"amount_requirement" bigint NOT NULL,
	"status" text NOT NULL,
	"remark" text,
	"reference_number" text NOT NULL,
	"receiving_address" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"transfer_id" bigint,
	CONSTRAINT "points_redemptions_status" CHECK ("points_redemptions"."status" IN ('IN_PROCESS', 'APPROVED', 'REJECTED')),
	CONSTRAINT "points_redemptions_type" CHECK ("points_redemptions"."type" IN ('ITEM', 'CONVERT')),
	CONSTRAINT "points_redemptions_amounts" CHECK ("points_redemptions"."quantity" > 0 AND "points_redemptions"."points" > 0 AND "points_redemptions"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"conversion_points" integer NOT NULL,
	"conversion_amount" bigint NOT NULL,
	"min_convert_points" bigint NOT NULL,
	"turnover_multiplier" integer DEFAULT 1 NOT NULL,
	"is_conversion_enabled" boolean DEFAULT true NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_settings_positive" CHECK ("points_settings"."conversion_points" > 0 AND "points_settings"."conversion_amount" > 0 AND "points_settings"."min_convert_points" > 0 AND "points_settings"."turnover_multiplier" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_bonus_awards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period_key" text NOT NULL,
	"rank" integer NOT NULL,
	"amount" bigint NOT NULL,
	"transfer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_bonus_awards_kind" CHECK ("vip_bonus_awards"."kind" IN ('UPGRADE', 'BIRTHDAY', 'MONTHLY')),
	CONSTRAINT "vip_bonus_awards_amount" CHECK ("vip_bonus_awards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_level_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"from_rank" integer NOT NULL,
	"to_rank" integer NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"names" jsonb NOT NULL,
	"upgrade_deposit" bigint NOT NULL,
	"upgrade_valid_bet" bigint NOT NULL,
	"target_rule" text DEFAULT 'AND' NOT NULL,
	"retain_deposit" bigint NOT NULL,
	"retain_valid_bet" bigint NOT NULL,
	"upgrade_bonus" bigint NOT NULL,
	"birthday_bonus" bigint NOT NULL,
	"monthly_bonus" bigint NOT NULL,
	"rebate_rates" jsonb NOT NULL,
	"withdraw_daily_count" integer NOT NULL,
	"withdraw_daily_amount" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_rank" CHECK ("vip_levels"."rank" BETWEEN 1 AND 50),
	CONSTRAINT "vip_levels_rule" CHECK ("vip_levels"."target_rule" IN ('AND', 'OR')),
	CONSTRAINT "vip_levels_amounts" CHECK ("vip_levels"."upgrade_deposit" >= 0 AND "vip_levels"."upgrade_valid_bet" >= 0 AND "vip_levels"."retain_deposit" >= 0 AND "vip_levels"."retain_valid_bet" >= 0
        AND "vip_levels"."upgrade_bonus" >= 0 AND "vip_levels"."birthday_bonus" >= 0 AND "vip_levels"."monthly_bonus" >= 0
        AND "vip_levels"."withdraw_daily_count" > 0 AND "vip_levels"."withdraw_daily_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vip_members" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone,
	"lifetime_deposit" bigint DEFAULT 0 NOT NULL,
	"lifetime_valid_bet" bigint DEFAULT 0 NOT NULL,
	"reviewed_period" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_members_rank" CHECK ("vip_members"."rank" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_period_totals" (
	"member_id" bigint NOT NULL,
	"period" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"deposit" bigint NOT NULL,
	"valid_bet" bigint NOT NULL,
	CONSTRAINT "vip_period_totals_member_id_period_pk" PRIMARY KEY("member_id","period")
);
--> statement-breakpoint
ALTER TABLE "points_accruals" ADD CONSTRAINT "points_accruals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_accruals" ADD CONSTRAINT "points_accruals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_balances" ADD CONSTRAINT "points_balances_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchange_rates" ADD CONSTRAINT "points_exchange_rates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_mall_items" ADD CONSTRAINT "points_mall_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_redemptions" ADD CONSTRAINT "points_redemptions_item_id_points_mall_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."points_mall_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_settings" ADD CONSTRAINT "points_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_bonus_awards" ADD CONSTRAINT "vip_bonus_awards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_bonus_awards" ADD CONSTRAINT "vip_bonus_awards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_level_changes" ADD CONSTRAINT "vip_level_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_level_changes" ADD CONSTRAINT "vip_level_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_members" ADD CONSTRAINT "vip_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_members" ADD CONSTRAINT "vip_members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_period_totals" ADD CONSTRAINT "vip_period_totals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_period_totals" ADD CONSTRAINT "vip_period_totals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_kind_reference_unique" ON "points_entries" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "points_entries_member" ON "points_entries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "points_mall_items_merchant" ON "points_mall_items" USING btree ("merchant_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "points_redemptions_idempotency" ON "points_redemptions" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "points_redemptions_reference" ON "points_redemptions" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "points_redemptions_member" ON "points_redemptions" USING btree ("member_id","applied_at");--> statement-breakpoint
CREATE INDEX "points_redemptions_queue" ON "points_redemptions" USING btree ("merchant_id","status","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_bonus_awards_unique" ON "vip_bonus_awards" USING btree ("member_id","kind","period_key");--> statement-breakpoint
CREATE INDEX "vip_level_changes_member" ON "vip_level_changes" USING btree ("member_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_levels_merchant_rank" ON "vip_levels" USING btree ("merchant_id","rank");--> statement-breakpoint
CREATE INDEX "vip_members_merchant_rank" ON "vip_members" USING btree ("merchant_id","rank");