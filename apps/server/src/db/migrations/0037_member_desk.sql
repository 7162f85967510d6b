-- Back office members (issue 19): search over a million members, each kind answered by one index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_username_prefix" ON "members" USING btree ("merchant_id", "username" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_mobile_trgm" ON "members" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_email_trgm" ON "members" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_last_login_ip" ON "members" USING btree ("merchant_id", "last_login_ip");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_register_ip" ON "members" USING btree ("merchant_id", "register_ip");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_profiles_full_name_trgm" ON "member_profiles" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bank_accounts_number_prefix" ON "bank_accounts" USING btree ("merchant_id", "account_number" text_pattern_ops);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_sightings" (
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
  "ip" text NOT NULL,
  "user_agent" text NOT NULL DEFAULT '',
  "logins" integer NOT NULL DEFAULT 1,
  "first_seen_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_seen_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("member_id", "ip", "user_agent")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_sightings_ip" ON "member_sightings" USING btree ("merchant_id", "ip");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_desk_notes" (
  "id" bigserial PRIMARY KEY,
  "merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
  "member_id" bigint NOT NULL REFERENCES "members"("id"),
  "operator_id" integer REFERENCES "operators"("id"),
  "operator_name" text NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_desk_notes_member" ON "member_desk_notes" USING btree ("member_id", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "member_desk_testers" (
  "member_id" bigint PRIMARY KEY REFERENCES "members"("id"),
  "merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
  "marked_by" text NOT NULL,
  "reason" text NOT NULL,
  "marked_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN IF NOT EXISTS "totp_secret" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN IF NOT EXISTS "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN IF NOT EXISTS "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN IF NOT EXISTS "allowed_ips" text[];--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN IF NOT EXISTS "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN IF NOT EXISTS "is_second_factor_pending" boolean NOT NULL DEFAULT false;
