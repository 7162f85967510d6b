CREATE TABLE "rg_exclusions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"duration" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"return_requested_at" timestamp with time zone,
	"return_effective_at" timestamp with time zone,
	CONSTRAINT "rg_exclusions_kind" CHECK ("rg_exclusions"."kind" IN ('TIME_OUT', 'SELF_EXCLUSION'))
);
--> statement-breakpoint
CREATE TABLE "rg_limit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"old_value" bigint,
	"new_value" bigint,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"actor" text NOT NULL,
	"operator_id" integer,
	"operator_name" text,
	"reason" text,
	CONSTRAINT "rg_limit_changes_status" CHECK ("rg_limit_changes"."status" IN ('PENDING', 'APPLIED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "rg_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"value" bigint NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "rg_limits_kind" CHECK ("rg_limits"."kind" IN ('DEPOSIT', 'LOSS', 'WAGER', 'SESSION_TIME')),
	CONSTRAINT "rg_limits_period" CHECK ("rg_limits"."period" IN ('DAY', 'WEEK', 'MONTH')),
	CONSTRAINT "rg_limits_value" CHECK ("rg_limits"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "rg_state" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"tracks_deposit" boolean DEFAULT false NOT NULL,
	"tracks_play" boolean DEFAULT false NOT NULL,
	"reality_check_minutes" integer,
	"session_started_at" timestamp with time zone NOT NULL,
	"session_staked" bigint DEFAULT 0 NOT NULL,
	"session_won" bigint DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone,
	"reality_ack_at" timestamp with time zone,
	"blocked" boolean DEFAULT false NOT NULL,
	"blocked_until" timestamp with time zone,
	"return_effective_at" timestamp with time zone,
	"limits_reviewed_at" timestamp with time zone,
	"deposit_limit_skipped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rg_usage_buckets" (
	"member_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"merchant_id" integer NOT NULL,
	"deposited" bigint DEFAULT 0 NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"played_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rg_usage_buckets_member_id_hour_pk" PRIMARY KEY("member_id","hour")
);
--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD CONSTRAINT "rg_exclusions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_exclusions" ADD CONSTRAINT "rg_exclusions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limit_changes" ADD CONSTRAINT "rg_limit_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limit_changes" ADD CONSTRAINT "rg_limit_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_limits" ADD CONSTRAINT "rg_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_state" ADD CONSTRAINT "rg_state_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_state" ADD CONSTRAINT "rg_state_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_usage_buckets" ADD CONSTRAINT "rg_usage_buckets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_usage_buckets" ADD CONSTRAINT "rg_usage_buckets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rg_exclusions_member" ON "rg_exclusions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "rg_limit_changes_member" ON "rg_limit_changes" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rg_limits_member_kind_period" ON "rg_limits" USING btree ("member_id","kind","period");--> statement-breakpoint
CREATE INDEX "rg_limits_merchant" ON "rg_limits" USING btree ("merchant_id");