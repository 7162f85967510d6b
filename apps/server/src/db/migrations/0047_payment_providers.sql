-- Payment providers (issue 22): the provider's transaction id and refund of a deposit; payouts through a provider.
ALTER TABLE "deposit_requests" ADD COLUMN IF NOT EXISTS "provider_transaction_id" text;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD COLUMN IF NOT EXISTS "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD COLUMN IF NOT EXISTS "refund_transaction_id" text;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "provider_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"withdrawal_id" bigint NOT NULL REFERENCES "withdrawal_requests"("id"),
	"channel_id" integer NOT NULL REFERENCES "deposit_channels"("id"),
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"receiver" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"provider_payout_id" text,
	"provider_transaction_id" text,
	"failure_code" text,
	"reversal_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "provider_payouts_status_check" CHECK ("status" in ('sending', 'sent', 'paid', 'failed')),
	CONSTRAINT "provider_payouts_amount_check" CHECK ("amount" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "provider_payouts_withdrawal_unique" ON "provider_payouts" ("withdrawal_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "provider_payouts_provider_id_unique" ON "provider_payouts" ("provider", "provider_payout_id") WHERE "provider_payout_id" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "provider_payouts_open_idx" ON "provider_payouts" ("status", "created_at") WHERE "status" in ('sending', 'sent');
