ALTER TABLE "turnover_requirements" DROP CONSTRAINT "turnover_requirements_source_kind";--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_source_kind" CHECK ("turnover_requirements"."source" IN ('DEPOSIT', 'PROMOTION', 'POINTS', 'REBATE', 'MISSION'));--> statement-breakpoint
-- A site upgrading to promotions: members who deposited before the turnover engine existed are
-- not on their first deposit any more. Count their credited deposits (the earliest credit first)
-- so FIRST_DEPOSIT, the deposit preview and the member's offers see the cashier's history.
INSERT INTO "promotion_deposit_counts" ("member_id", "merchant_id", "first_deposit_id", "deposit_count")
SELECT DISTINCT ON ("member_id") "member_id", "merchant_id", "id",
  count(*) OVER (PARTITION BY "member_id")::integer
FROM "deposit_requests"
WHERE "ledger_transfer_id" IS NOT NULL
ORDER BY "member_id", "ledger_transfer_id"
ON CONFLICT ("member_id") DO NOTHING;
