CREATE TABLE "merchant_games" (
	"merchant_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_end" timestamp with time zone,
	"is_hot" boolean,
	"is_new" boolean,
	"sort" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_games_merchant_id_game_id_pk" PRIMARY KEY("merchant_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_vendor_categories" ADD COLUMN "is_maintenance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_vendor_categories" ADD COLUMN "maintenance_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_launches" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_games" ADD CONSTRAINT "merchant_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_games" ADD CONSTRAINT "merchant_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;