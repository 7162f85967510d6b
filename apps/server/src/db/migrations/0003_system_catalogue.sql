CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"category" text NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"display_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon_url" text NOT NULL,
	"large_icon_url" text NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"supports_free_play" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_status" CHECK (status in ('ACTIVE', 'MAINTENANCE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "merchant_vendor_categories" (
	"merchant_id" integer NOT NULL,
	"vendor_category_id" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort" integer,
	CONSTRAINT "merchant_vendor_categories_merchant_id_vendor_category_id_pk" PRIMARY KEY("merchant_id","vendor_category_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"category" text NOT NULL,
	"vendor_type" text NOT NULL,
	"is_game" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_categories_vendor_category_unique" UNIQUE("vendor_id","category"),
	CONSTRAINT "vendor_categories_category" CHECK (category in ('RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT', 'BGS')),
	CONSTRAINT "vendor_categories_is_game" CHECK (is_game in ('VASSALAGE', 'GAME'))
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"maintenance_end" timestamp with time zone,
	"is_house" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_status" CHECK (status in ('ACTIVE', 'MAINTENANCE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "announcement_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"announcement_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"execution" text,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"platforms" text[] DEFAULT '{W,H5,APP}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_type" CHECK ("announcements"."type" in ('PL', 'PU', 'PR', 'H')),
	CONSTRAINT "announcements_execution" CHECK (("announcements"."type" = 'PU' and "announcements"."execution" in ('A', 'B', 'F')) or ("announcements"."type" <> 'PU' and "announcements"."execution" is null))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL,
	"group_name" text NOT NULL,
	"language" text,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"linkage" text DEFAULT '' NOT NULL,
	"linkage_type" text DEFAULT 'NONE' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "banners_linkage_type" CHECK ("banners"."linkage_type" in ('NONE', 'INTERNAL', 'EXTERNAL', 'VIDEO', 'GAME', 'PROMOTION'))
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dialing_code" text NOT NULL,
	"phone_digits" integer NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL,
	"cs_type" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url" text NOT NULL,
	"text_class" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "customer_services_cs_type" CHECK ("customer_services"."cs_type" in ('LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'WHATSAPP'))
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"devices" text[] DEFAULT '{WEB,H5,APP}'::text[] NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"field" text NOT NULL,
	"accepted_pattern" text NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL,
	"pattern_id" text NOT NULL,
	"is_shown" boolean DEFAULT true NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registration_rules_lengths" CHECK ("registration_rules"."min_length" >= 0 and "registration_rules"."max_length" >= "registration_rules"."min_length")
);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_vendor_id_category_vendor_categories_vendor_id_category_fk" FOREIGN KEY ("vendor_id","category") REFERENCES "public"."vendor_categories"("vendor_id","category") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_vendor_categories" ADD CONSTRAINT "merchant_vendor_categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_vendor_categories" ADD CONSTRAINT "merchant_vendor_categories_vendor_category_id_vendor_categories_id_fk" FOREIGN KEY ("vendor_category_id") REFERENCES "public"."vendor_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_categories" ADD CONSTRAINT "vendor_categories_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_images" ADD CONSTRAINT "announcement_images_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_services" ADD CONSTRAINT "customer_services_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_categories" ADD CONSTRAINT "help_categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_resources" ADD CONSTRAINT "merchant_resources_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_rules" ADD CONSTRAINT "registration_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_vendor_code_unique" ON "games" USING btree ("vendor_id","game_code");--> statement-breakpoint
CREATE INDEX "games_category_sort_idx" ON "games" USING btree ("category","sort");--> statement-breakpoint
CREATE INDEX "games_vendor_category_idx" ON "games" USING btree ("vendor_id","category");--> statement-breakpoint
CREATE INDEX "vendor_categories_category_idx" ON "vendor_categories" USING btree ("category","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_code_unique" ON "vendors" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_images_announcement_sequence_unique" ON "announcement_images" USING btree ("announcement_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_merchant_code_unique" ON "announcements" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE INDEX "announcements_merchant_type_idx" ON "announcements" USING btree ("merchant_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "banners_merchant_code_unique" ON "banners" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE INDEX "banners_merchant_group_idx" ON "banners" USING btree ("merchant_id","group_name");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_services_merchant_code_unique" ON "customer_services" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_merchant_slug_unique" ON "help_articles" USING btree ("merchant_id","slug");--> statement-breakpoint
CREATE INDEX "help_articles_category_idx" ON "help_articles" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_categories_merchant_slug_unique" ON "help_categories" USING btree ("merchant_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_resources_merchant_key_unique" ON "merchant_resources" USING btree ("merchant_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_rules_merchant_field_unique" ON "registration_rules" USING btree ("merchant_id","field");