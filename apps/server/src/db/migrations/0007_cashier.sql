CREATE TABLE "cashier_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"instructions" jsonb NOT NULL,
	"account_name" text,
	"account_number" text,
	"provider" text,
	"provider_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deposit_channels_kind_check" CHECK ("deposit_channels"."kind" in ('bank', 'bkash', 'nagad', 'gateway')),
	CONSTRAINT "deposit_channels_amounts_check" CHECK ("deposit_channels"."min_amount" > 0 and "deposit_channels"."max_amount" >= "deposit_channels"."min_amount")
);
--> statement-breakpoint
CREATE TABLE "deposit_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text,
	"proof_upload_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"gateway_transaction_id" text,
	"ledger_transfer_id" bigint,
	"review_note" text,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "deposit_requests_amount_check" CHECK ("deposit_requests"."amount" > 0),
	CONSTRAINT "deposit_requests_status_check" CHECK ("deposit_requests"."status" in ('pending', 'approved', 'rejected', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "gateway_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"deposit_id" bigint,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference_id" bigint NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"from_member_id" bigint NOT NULL,
	"to_member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"ledger_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_transfers_kind_check" CHECK ("member_transfers"."kind" in ('downline', 'upline')),
	CONSTRAINT "member_transfers_amount_check" CHECK ("member_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"bank_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"hold_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirmation" text,
	"received_amount" bigint,
	"confirm_proof_upload_id" text,
	"confirm_deadline" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "withdrawal_requests_amount_check" CHECK ("withdrawal_requests"."amount" > 0),
	CONSTRAINT "withdrawal_requests_status_check" CHECK ("withdrawal_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "cashier_uploads" ADD CONSTRAINT "cashier_uploads_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_uploads" ADD CONSTRAINT "cashier_uploads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD CONSTRAINT "deposit_channels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_channel_id_deposit_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."deposit_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_proof_upload_id_cashier_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."cashier_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD CONSTRAINT "member_notifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_transfers" ADD CONSTRAINT "member_transfers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_transfers" ADD CONSTRAINT "member_transfers_from_member_id_members_id_fk" FOREIGN KEY ("from_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_transfers" ADD CONSTRAINT "member_transfers_to_member_id_members_id_fk" FOREIGN KEY ("to_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_confirm_proof_upload_id_cashier_uploads_id_fk" FOREIGN KEY ("confirm_proof_upload_id") REFERENCES "public"."cashier_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_channels_merchant_code_unique" ON "deposit_channels" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_idempotency_unique" ON "deposit_requests" USING btree ("merchant_id","member_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_gateway_txn_unique" ON "deposit_requests" USING btree ("channel_id","gateway_transaction_id") WHERE "deposit_requests"."gateway_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "deposit_requests_member_idx" ON "deposit_requests" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_requests_status_idx" ON "deposit_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_callbacks_event_unique" ON "gateway_callbacks" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_notifications_event_unique" ON "member_notifications" USING btree ("member_id","kind","reference_id");--> statement-breakpoint
CREATE INDEX "member_notifications_member_idx" ON "member_notifications" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_transfers_idempotency_unique" ON "member_transfers" USING btree ("merchant_id","from_member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "member_transfers_from_idx" ON "member_transfers" USING btree ("from_member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_requests_idempotency_unique" ON "withdrawal_requests" USING btree ("merchant_id","member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_member_idx" ON "withdrawal_requests" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_status_idx" ON "withdrawal_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_awaiting_idx" ON "withdrawal_requests" USING btree ("confirm_deadline") WHERE "withdrawal_requests"."confirmation" = 'awaiting';