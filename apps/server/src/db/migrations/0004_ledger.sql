CREATE TABLE "ledger_account_shards" (
	"account_id" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_account_shards_account_id_shard_pk" PRIMARY KEY("account_id","shard"),
	CONSTRAINT "ledger_account_shards_shard" CHECK ("ledger_account_shards"."shard" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_member_id" bigint,
	"code" text NOT NULL,
	"subkey" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"allows_negative" boolean DEFAULT false NOT NULL,
	"shard_count" smallint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_kind" CHECK ("ledger_accounts"."owner_kind" IN ('member', 'agent', 'system')),
	CONSTRAINT "ledger_accounts_owner_member" CHECK (("ledger_accounts"."owner_kind" = 'system') = ("ledger_accounts"."owner_member_id" IS NULL)),
	CONSTRAINT "ledger_accounts_negative_only_system" CHECK ("ledger_accounts"."owner_kind" = 'system' OR NOT "ledger_accounts"."allows_negative"),
	CONSTRAINT "ledger_accounts_held_non_negative" CHECK ("ledger_accounts"."held" >= 0),
	CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."allows_negative" OR "ledger_accounts"."balance" - "ledger_accounts"."held" >= 0),
	CONSTRAINT "ledger_accounts_hot_shape" CHECK (CASE WHEN "ledger_accounts"."is_hot"
        THEN "ledger_accounts"."owner_kind" = 'system' AND "ledger_accounts"."allows_negative" AND "ledger_accounts"."shard_count" BETWEEN 1 AND 64
          AND "ledger_accounts"."balance" = 0 AND "ledger_accounts"."held" = 0 AND "ledger_accounts"."version" = 0
        ELSE "ledger_accounts"."shard_count" = 0 END)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"account_version" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_non_zero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_version_positive" CHECK ("ledger_entries"."account_version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"posted_amount" bigint,
	"post_transfer_id" bigint,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reference_kind" text,
	"reference_id" text,
	"description" text,
	"void_reason" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_amount_positive" CHECK ("ledger_holds"."amount" > 0),
	CONSTRAINT "ledger_holds_status" CHECK ("ledger_holds"."status" IN ('pending', 'posted', 'voided')),
	CONSTRAINT "ledger_holds_resolved" CHECK (("ledger_holds"."status" = 'pending') = ("ledger_holds"."resolved_at" IS NULL)),
	CONSTRAINT "ledger_holds_posted" CHECK (("ledger_holds"."status" = 'posted') = ("ledger_holds"."post_transfer_id" IS NOT NULL AND "ledger_holds"."posted_amount" IS NOT NULL)),
	CONSTRAINT "ledger_holds_posted_amount" CHECK ("ledger_holds"."posted_amount" IS NULL OR "ledger_holds"."posted_amount" BETWEEN 1 AND "ledger_holds"."amount"),
	CONSTRAINT "ledger_holds_key_length" CHECK (length("ledger_holds"."idempotency_key") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"type" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reference_kind" text,
	"reference_id" text,
	"reversal_of" bigint,
	"description" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_key_length" CHECK (length("ledger_transfers"."idempotency_key") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "ledger_account_shards" ADD CONSTRAINT "ledger_account_shards_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_post_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("post_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_reversal_of_ledger_transfers_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_code_unique" ON "ledger_accounts" USING btree ("merchant_id","owner_member_id","code","subkey") WHERE "ledger_accounts"."owner_member_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_code_unique" ON "ledger_accounts" USING btree ("merchant_id","code","subkey","currency") WHERE "ledger_accounts"."owner_member_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_account_version_unique" ON "ledger_entries" USING btree ("account_id","shard","account_version");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_id" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_idempotency_unique" ON "ledger_holds" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_holds_pending_account" ON "ledger_holds" USING btree ("account_id") WHERE "ledger_holds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ledger_holds_reference" ON "ledger_holds" USING btree ("merchant_id","reference_kind","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_unique" ON "ledger_transfers" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reversal_unique" ON "ledger_transfers" USING btree ("reversal_of") WHERE "ledger_transfers"."reversal_of" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference" ON "ledger_transfers" USING btree ("merchant_id","reference_kind","reference_id");