ALTER TABLE "deposit_requests" DROP CONSTRAINT "deposit_requests_status_check";--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD COLUMN "paid_after" text;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_status_check" CHECK ("deposit_requests"."status" in ('pending', 'approved', 'rejected', 'failed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_paid_after_check" CHECK ("deposit_requests"."paid_after" is null or "deposit_requests"."paid_after" in ('cancelled', 'expired'));--> statement-breakpoint
-- Online orders left open before this change get the default 30 minutes from their creation, so the expiry job closes them.
UPDATE "deposit_requests" AS "d" SET "expires_at" = "d"."created_at" + interval '30 minutes' FROM "deposit_channels" AS "c" WHERE "c"."id" = "d"."channel_id" AND "c"."kind" = 'gateway' AND "d"."status" = 'pending';--> statement-breakpoint
-- The double taps of issue 12 item 3 left several open orders per member and channel: the newest stays open, the
-- others expire (a late signed payment of one of them is still credited, as "paid after expiry").
UPDATE "deposit_requests" SET "status" = 'expired', "resolved_at" = now(), "reviewed_by" = 'system:expiry' WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "member_id", "channel_id" ORDER BY "id" DESC) AS "rank" FROM "deposit_requests" WHERE "status" = 'pending' AND "expires_at" IS NOT NULL) AS "open" WHERE "open"."rank" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_requests_open_online_unique" ON "deposit_requests" USING btree ("member_id","channel_id") WHERE "deposit_requests"."status" = 'pending' and "deposit_requests"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "deposit_requests_expiring_idx" ON "deposit_requests" USING btree ("expires_at") WHERE "deposit_requests"."status" = 'pending' and "deposit_requests"."expires_at" is not null;
