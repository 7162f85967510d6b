CREATE TABLE "agent_member_play_hours" (
	"member_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"game_type" text NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"max_bet" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_member_play_hours_member_id_hour_game_type_pk" PRIMARY KEY("member_id","hour","game_type")
);
--> statement-breakpoint
CREATE TABLE "agent_team_play_hours" (
	"ancestor_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"game_type" text NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"deposit_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_play_hours_ancestor_id_hour_game_type_pk" PRIMARY KEY("ancestor_id","hour","game_type")
);
--> statement-breakpoint
ALTER TABLE "agent_member_play_hours" ADD CONSTRAINT "agent_member_play_hours_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_team_play_hours" ADD CONSTRAINT "agent_team_play_hours_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_rounds_member_closed" ON "game_rounds" USING btree ("member_id","closed_at") WHERE "game_rounds"."status" = 'CLOSED';--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
-- Backfill (issue 16): the rollups of every settled real-money round and credited deposit whose fact was already
-- applied (a fact still queued is added by the engine when the consumer applies it, so nothing counts twice).
-- Buckets are UTC hours of the fact time: settlement for a round, credit for a deposit.
INSERT INTO "agent_member_play_hours" ("member_id", "hour", "game_type", "valid_bet", "payout", "rounds", "max_bet")
SELECT r."member_id", date_trunc('hour', coalesce(r."settled_at", r."closed_at"), 'UTC'), r."game_type",
  sum(r."bet_total"), sum(r."payout_total"), count(*), max(r."bet_total")
FROM "game_rounds" r
WHERE r."status" = 'CLOSED' AND NOT r."is_trial" AND r."bet_total" > 0
  AND NOT EXISTS (SELECT 1 FROM "fact_queue" q WHERE q."kind" = 'ROUND' AND q."source_id" = r."id")
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "agent_member_play_hours" ("member_id", "hour", "game_type", "deposits", "deposit_count")
SELECT d."member_id", date_trunc('hour', coalesce(lt."created_at", d."resolved_at", d."created_at"), 'UTC'), '',
  sum(d."amount"), count(*)
FROM "deposit_requests" d LEFT JOIN "ledger_transfers" lt ON lt."id" = d."ledger_transfer_id"
WHERE d."status" = 'approved'
  AND NOT EXISTS (SELECT 1 FROM "fact_queue" q WHERE q."kind" = 'DEPOSIT' AND q."source_id" = d."id")
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "agent_team_play_hours" ("ancestor_id", "hour", "game_type", "valid_bet", "payout", "rounds", "deposits", "deposit_count")
SELECT t."ancestor_id", m."hour", m."game_type", sum(m."valid_bet"), sum(m."payout"), sum(m."rounds"), sum(m."deposits"), sum(m."deposit_count")
FROM "agent_member_play_hours" m JOIN "member_tree" t ON t."descendant_id" = m."member_id"
GROUP BY 1, 2, 3;
