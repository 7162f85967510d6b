-- Game aggregators (issue 21): one row per aggregator contract of a merchant.
CREATE TABLE IF NOT EXISTS "aggregator_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"code" text NOT NULL,
	"protocol" text NOT NULL CHECK ("protocol" in ('hub88', 'evolution')),
	"name" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"base_url" text NOT NULL,
	"operator_ref" text NOT NULL,
	"inbound_key" text DEFAULT '' NOT NULL,
	"secret_env" text NOT NULL,
	"currency_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled_studios" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "aggregator_integrations_merchant_code" ON "aggregator_integrations" ("merchant_id", "code");
