CREATE TABLE "activity_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"comment" text NOT NULL,
	"images" jsonb NOT NULL,
	"status" text DEFAULT 'APPLYING' NOT NULL,
	"amount" bigint,
	"reject_reason" text,
	"award_id" bigint,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "activity_applications_status" CHECK ("activity_applications"."status" IN ('APPLYING', 'ISSUED', 'REJECTED')),
	CONSTRAINT "activity_applications_comment" CHECK (char_length("activity_applications"."comment") <= 140)
);
--> statement-breakpoint
CREATE TABLE "promotion_member_days" (
	"member_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"day_key" text NOT NULL,
	"deposit_total" bigint DEFAULT 0 NOT NULL,
	"valid_bet_total" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_member_days_member_id_day_key_pk" PRIMARY KEY("member_id","day_key")
);
--> statement-breakpoint
CREATE TABLE "red_envelope_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"period_key" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"seed_id" bigint NOT NULL,
	"commitment" text NOT NULL,
	"server_seed_hex" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"weights" jsonb NOT NULL,
	"roll" bigint NOT NULL,
	"total_weight" bigint NOT NULL,
	"picked_index" integer NOT NULL,
	"prize_index" integer NOT NULL,
	"is_stock_out" boolean NOT NULL,
	"amount" bigint NOT NULL,
	"award_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "red_envelope_draws_amount" CHECK ("red_envelope_draws"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "red_envelope_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"promotion_id" integer NOT NULL,
	"commitment" text NOT NULL,
	"server_seed_sealed" text,
	"server_seed_hex" text,
	"status" text NOT NULL,
	"nonce" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "red_envelope_seeds_status" CHECK ("red_envelope_seeds"."status" IN ('COMMITTED', 'REVEALED'))
);
--> statement-breakpoint
CREATE TABLE "red_envelope_stock" (
	"promotion_id" integer NOT NULL,
	"period_key" text NOT NULL,
	"prize_index" integer NOT NULL,
	"drawn" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "red_envelope_stock_promotion_id_period_key_prize_index_pk" PRIMARY KEY("promotion_id","period_key","prize_index")
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL,
	"last_ip" text,
	"last_device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"inviter_id" bigint NOT NULL,
	"invitee_id" bigint NOT NULL,
	"code" text NOT NULL,
	"register_ip" text,
	"device_id" text,
	"user_agent" text,
	"stage" text DEFAULT 'REGISTERED' NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"promotion_id" integer,
	"amount" bigint DEFAULT 0 NOT NULL,
	"award_id" bigint,
	"qualify_by" timestamp with time zone,
	"qualified_at" timestamp with time zone,
	"reviewed_by" text,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "referral_invites_stage" CHECK ("referral_invites"."stage" IN ('REGISTERED', 'QUALIFIED', 'FLAGGED', 'REJECTED', 'EXPIRED', 'CAPPED')),
	CONSTRAINT "referral_invites_self" CHECK ("referral_invites"."inviter_id" <> "referral_invites"."invitee_id")
);
--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_member_days" ADD CONSTRAINT "promotion_member_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_member_days" ADD CONSTRAINT "promotion_member_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_draws" ADD CONSTRAINT "red_envelope_draws_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_draws" ADD CONSTRAINT "red_envelope_draws_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_draws" ADD CONSTRAINT "red_envelope_draws_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_draws" ADD CONSTRAINT "red_envelope_draws_seed_id_red_envelope_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."red_envelope_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_seeds" ADD CONSTRAINT "red_envelope_seeds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_seeds" ADD CONSTRAINT "red_envelope_seeds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_seeds" ADD CONSTRAINT "red_envelope_seeds_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_envelope_stock" ADD CONSTRAINT "red_envelope_stock_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_inviter_id_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_invitee_id_members_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_applications_pending" ON "activity_applications" USING btree ("promotion_id","member_id") WHERE "activity_applications"."status" = 'APPLYING';--> statement-breakpoint
CREATE INDEX "activity_applications_queue" ON "activity_applications" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE INDEX "activity_applications_member" ON "activity_applications" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_draws_key" ON "red_envelope_draws" USING btree ("member_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_draws_seed" ON "red_envelope_draws" USING btree ("seed_id");--> statement-breakpoint
CREATE INDEX "red_envelope_draws_member" ON "red_envelope_draws" USING btree ("promotion_id","member_id","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "red_envelope_seeds_committed" ON "red_envelope_seeds" USING btree ("member_id","promotion_id") WHERE "red_envelope_seeds"."status" = 'COMMITTED';--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code" ON "referral_codes" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_invites_invitee" ON "referral_invites" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "referral_invites_inviter" ON "referral_invites" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "referral_invites_stage" ON "referral_invites" USING btree ("merchant_id","stage","id");