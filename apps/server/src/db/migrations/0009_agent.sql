CREATE TABLE "agent_announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_contract_bills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"contract_id" bigint NOT NULL,
	"type" text NOT NULL,
	"period_key" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"payee_id" bigint NOT NULL,
	"payer_id" bigint,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"net_loss" bigint DEFAULT 0 NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"tier_index" smallint,
	"rate_bps" integer,
	"carry_in" bigint DEFAULT 0 NOT NULL,
	"carry_out" bigint DEFAULT 0 NOT NULL,
	"amount_due" bigint DEFAULT 0 NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"ledger_transfer_id" bigint,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_contract_bills_status" CHECK ("agent_contract_bills"."status" IN ('PAID', 'PARTIAL', 'UNPAID', 'NIL')),
	CONSTRAINT "agent_contract_bills_amounts" CHECK ("agent_contract_bills"."amount_due" >= 0 AND "agent_contract_bills"."amount_paid" >= 0 AND "agent_contract_bills"."amount_paid" <= "agent_contract_bills"."amount_due")
);
--> statement-breakpoint
CREATE TABLE "agent_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"termination_reason" text,
	"offerer_id" bigint,
	"member_id" bigint NOT NULL,
	"period" text NOT NULL,
	"basis" text NOT NULL,
	"active_member_min_bet" bigint DEFAULT 0 NOT NULL,
	"tiers" jsonb NOT NULL,
	"max_rate_bps" integer,
	"replaced_by_id" bigint,
	"invitation_id" bigint,
	"offered_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "agent_contracts_type" CHECK ("agent_contracts"."type" IN ('DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY')),
	CONSTRAINT "agent_contracts_status" CHECK ("agent_contracts"."status" IN ('PENDING', 'ACTIVE', 'REJECTED', 'TERMINATED', 'REPLACED', 'WITHDRAWN')),
	CONSTRAINT "agent_contracts_not_self" CHECK ("agent_contracts"."offerer_id" IS NULL OR "agent_contracts"."offerer_id" <> "agent_contracts"."member_id"),
	CONSTRAINT "agent_contracts_min_bet" CHECK ("agent_contracts"."active_member_min_bet" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agent_invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"agent_id" bigint NOT NULL,
	"code" text NOT NULL,
	"member_type" smallint DEFAULT 0 NOT NULL,
	"label" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"default_contract" jsonb,
	"registrations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_announcements" ADD CONSTRAINT "agent_announcements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_bills" ADD CONSTRAINT "agent_contract_bills_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_bills" ADD CONSTRAINT "agent_contract_bills_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_bills" ADD CONSTRAINT "agent_contract_bills_payee_id_members_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contract_bills" ADD CONSTRAINT "agent_contract_bills_payer_id_members_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_offerer_id_members_id_fk" FOREIGN KEY ("offerer_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_replaced_by_id_agent_contracts_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invitations" ADD CONSTRAINT "agent_invitations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invitations" ADD CONSTRAINT "agent_invitations_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_announcements_merchant_idx" ON "agent_announcements" USING btree ("merchant_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contract_bills_period_unique" ON "agent_contract_bills" USING btree ("contract_id","period_key");--> statement-breakpoint
CREATE INDEX "agent_contract_bills_payee_idx" ON "agent_contract_bills" USING btree ("payee_id","type","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_bills_payer_idx" ON "agent_contract_bills" USING btree ("payer_id","type","period_start");--> statement-breakpoint
CREATE INDEX "agent_contract_bills_merchant_idx" ON "agent_contract_bills" USING btree ("merchant_id","type","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_active" ON "agent_contracts" USING btree ("member_id","type") WHERE "agent_contracts"."status" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_pending" ON "agent_contracts" USING btree ("member_id","type") WHERE "agent_contracts"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "agent_contracts_member_idx" ON "agent_contracts" USING btree ("member_id","type","offered_at");--> statement-breakpoint
CREATE INDEX "agent_contracts_offerer_idx" ON "agent_contracts" USING btree ("offerer_id","type","status");--> statement-breakpoint
CREATE INDEX "agent_contracts_merchant_type_status_idx" ON "agent_contracts" USING btree ("merchant_id","type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_invitations_code_unique" ON "agent_invitations" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE INDEX "agent_invitations_agent_idx" ON "agent_invitations" USING btree ("agent_id","created_at");