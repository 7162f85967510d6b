CREATE TABLE "merchant_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"domain" text NOT NULL,
	"purpose" text DEFAULT 'member' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'BDT' NOT NULL,
	"currency_symbol" text DEFAULT '৳' NOT NULL,
	"default_language" text DEFAULT 'BN' NOT NULL,
	"utc_offset_minutes" integer DEFAULT 360 NOT NULL,
	"main_domain" text DEFAULT 'localhost' NOT NULL,
	"whitelabel" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_end" timestamp with time zone,
	"blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"ip_allow_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"ip_block_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "merchant_domains" ADD CONSTRAINT "merchant_domains_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_domains_domain_unique" ON "merchant_domains" USING btree ("domain");