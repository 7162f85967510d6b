CREATE TABLE "vip_settings" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"upgrade_window" text DEFAULT 'LIFETIME' NOT NULL,
	"is_retention_on" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_settings_window" CHECK ("vip_settings"."upgrade_window" IN ('LIFETIME', 'MONTH'))
);
--> statement-breakpoint
ALTER TABLE "vip_settings" ADD CONSTRAINT "vip_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;