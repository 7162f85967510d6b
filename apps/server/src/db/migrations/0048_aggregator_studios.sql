-- The studios an aggregator contract brings (issue 21): each is a vendor of our catalogue.
CREATE TABLE IF NOT EXISTS "aggregator_studios" (
	"integration_id" integer NOT NULL REFERENCES "aggregator_integrations"("id"),
	"studio_code" text NOT NULL,
	"studio_name" text NOT NULL,
	"vendor_id" integer NOT NULL REFERENCES "vendors"("id"),
	"game_count" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("integration_id", "studio_code")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "aggregator_studios_vendor" ON "aggregator_studios" ("vendor_id");
