-- Member devices (issue 19): the device id the web keeps in local storage (X-Device-Id), one row
-- per member and device with first and last seen, written at every login. The same device id on
-- two accounts links them whatever IP each used (the back office's linked accounts, risk rules).
CREATE TABLE IF NOT EXISTS "member_devices" (
	"member_id" bigint NOT NULL REFERENCES "members"("id"),
	"merchant_id" integer NOT NULL REFERENCES "merchants"("id"),
	"device_id" text NOT NULL,
	"logins" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_devices_pk" PRIMARY KEY ("member_id", "device_id")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "member_devices_device" ON "member_devices" ("merchant_id", "device_id");
