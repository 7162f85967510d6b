-- Back-office content (issue 19): images an operator uploads for banners, announcements and help
-- articles. Kept in the database (not on one node's disk) so every node of a cluster serves them.
CREATE TABLE IF NOT EXISTS "content_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"content_type" text NOT NULL CHECK ("content_type" in ('image/png', 'image/jpeg', 'image/webp')),
	"size" integer NOT NULL,
	"bytes" bytea NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_images_merchant_idx" ON "content_images" ("merchant_id", "created_at");
