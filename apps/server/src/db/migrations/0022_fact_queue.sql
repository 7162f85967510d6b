CREATE TABLE "fact_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fact_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"game_type" text,
	"amount" bigint NOT NULL,
	"payout" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"attempts" integer NOT NULL,
	"engine" text,
	"error" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fact_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"game_type" text,
	"amount" bigint NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fact_queue_kind" CHECK ("fact_queue"."kind" IN ('ROUND', 'DEPOSIT')),
	CONSTRAINT "fact_queue_amounts" CHECK ("fact_queue"."amount" > 0 AND "fact_queue"."payout" >= 0)
);
--> statement-breakpoint
ALTER TABLE "fact_dead_letters" ADD CONSTRAINT "fact_dead_letters_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_dead_letters" ADD CONSTRAINT "fact_dead_letters_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_queue" ADD CONSTRAINT "fact_queue_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_queue" ADD CONSTRAINT "fact_queue_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fact_dead_letters_kind_source_unique" ON "fact_dead_letters" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "fact_dead_letters_merchant" ON "fact_dead_letters" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fact_queue_kind_source_unique" ON "fact_queue" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "fact_queue_member" ON "fact_queue" USING btree ("member_id","id");