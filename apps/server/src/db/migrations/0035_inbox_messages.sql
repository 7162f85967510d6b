CREATE TABLE "inbox_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"audience" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"operator_id" integer,
	"operator_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "inbox_campaigns_status" CHECK ("inbox_campaigns"."status" IN ('SCHEDULED', 'SENDING', 'SENT', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "member_notifications" ALTER COLUMN "amount" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "member_notifications" ADD COLUMN "campaign_id" bigint;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "inbox_campaigns" ADD CONSTRAINT "inbox_campaigns_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_campaigns_merchant_idx" ON "inbox_campaigns" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "inbox_campaigns_due_idx" ON "inbox_campaigns" USING btree ("status","send_at");--> statement-breakpoint
CREATE INDEX "feedback_merchant_status" ON "feedback" USING btree ("merchant_id","status","id");