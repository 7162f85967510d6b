-- Approved withdrawals become facts (kind WITHDRAWAL, recorded where the cashier approves one) and
-- the agent report rollups count them (issue 16 item 4): the team overview and profit-loss read a
-- team's withdrawals from a few hour rows instead of joining the whole subtree to its requests.
-- Only the agent.team-rollups engine takes this kind; the loyalty engines never see it.
ALTER TABLE "fact_queue" DROP CONSTRAINT "fact_queue_kind";
--> statement-breakpoint
ALTER TABLE "fact_queue" ADD CONSTRAINT "fact_queue_kind" CHECK ("fact_queue"."kind" IN ('ROUND', 'DEPOSIT', 'WITHDRAWAL'));
--> statement-breakpoint
ALTER TABLE "agent_member_play_hours" ADD COLUMN "withdrawals" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_member_play_hours" ADD COLUMN "withdrawal_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_team_play_hours" ADD COLUMN "withdrawals" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_team_play_hours" ADD COLUMN "withdrawal_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Backfill: every approved withdrawal by the UTC hour it was resolved (what the raw read,
-- sumApprovedRequests, buckets by), into the member's '' row of that hour (beside its deposits),
-- unless its fact is still queued (then the engine adds it when the consumer applies it).
INSERT INTO "agent_member_play_hours" AS h ("member_id", "hour", "game_type", "withdrawals", "withdrawal_count")
SELECT w."member_id", date_trunc('hour', w."resolved_at", 'UTC'), '', sum(w."amount"), count(*)
FROM "withdrawal_requests" w
WHERE w."status" = 'approved' AND w."resolved_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "fact_queue" q WHERE q."kind" = 'WITHDRAWAL' AND q."source_id" = w."id")
GROUP BY 1, 2, 3
ON CONFLICT ("member_id", "hour", "game_type") DO UPDATE SET
  "withdrawals" = h."withdrawals" + excluded."withdrawals",
  "withdrawal_count" = h."withdrawal_count" + excluded."withdrawal_count";
--> statement-breakpoint
-- The teams: each member's withdrawal hours summed over its ancestors (itself included).
INSERT INTO "agent_team_play_hours" AS team ("ancestor_id", "hour", "game_type", "withdrawals", "withdrawal_count")
SELECT t."ancestor_id", m."hour", m."game_type", sum(m."withdrawals"), sum(m."withdrawal_count")
FROM "agent_member_play_hours" m JOIN "member_tree" t ON t."descendant_id" = m."member_id"
WHERE m."withdrawal_count" > 0
GROUP BY 1, 2, 3
ON CONFLICT ("ancestor_id", "hour", "game_type") DO UPDATE SET
  "withdrawals" = team."withdrawals" + excluded."withdrawals",
  "withdrawal_count" = team."withdrawal_count" + excluded."withdrawal_count";
