ALTER TABLE "game_rounds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
-- Rounds a vendor win already closed are settled: no further win, no rollback of their bets.
UPDATE "game_rounds" g SET "settled_at" = COALESCE(g."closed_at", g."opened_at")
 WHERE g."status" = 'CLOSED'
   AND EXISTS (SELECT 1 FROM "vendor_transactions" v WHERE v."round_id" = g."id" AND v."kind" = 'WIN' AND v."rolled_back_at" IS NULL);
