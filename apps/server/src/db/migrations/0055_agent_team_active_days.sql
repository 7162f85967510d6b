-- Active members per team and merchant-local day (issue 16 item 4): the team overview's distinct
-- count of active members read from a few hundred rows per team instead of probing every member of
-- the team (5-14 s for a 1,000,000-member team). Kept by the agent.team-rollups fact engine with
-- the hour rollups, from the same facts; backfilled here from the member hour rollup (which holds
-- every applied fact; a fact still queued is added by the engine, in or out of order).
CREATE TABLE "agent_member_active_days" (
	"member_id" bigint NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_member_active_days_member_id_day_start_pk" PRIMARY KEY("member_id","day_start")
);
--> statement-breakpoint
CREATE TABLE "agent_team_active_days" (
	"ancestor_id" bigint NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"prev_day_start" timestamp with time zone NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_active_days_ancestor_id_day_start_prev_day_start_pk" PRIMARY KEY("ancestor_id","day_start","prev_day_start")
);
--> statement-breakpoint
ALTER TABLE "agent_member_active_days" ADD CONSTRAINT "agent_member_active_days_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_team_active_days" ADD CONSTRAINT "agent_team_active_days_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A member is active on a local day when one of its settled real-money rounds that day staked more
-- than zero (max_bet >= 1 in an hour of that day); the day is the merchant's (utc_offset_minutes).
INSERT INTO "agent_member_active_days" ("member_id", "day_start")
SELECT DISTINCT p."member_id",
  date_trunc('day', p."hour" + make_interval(mins => mc."utc_offset_minutes"), 'UTC') - make_interval(mins => mc."utc_offset_minutes")
FROM "agent_member_play_hours" p
JOIN "members" m ON m."id" = p."member_id"
JOIN "merchants" mc ON mc."id" = m."merchant_id"
WHERE p."game_type" <> '' AND p."max_bet" >= 1;
--> statement-breakpoint
INSERT INTO "agent_team_active_days" ("ancestor_id", "day_start", "prev_day_start", "members")
SELECT t."ancestor_id", d."day_start", d."prev_day_start", count(*)::int
FROM (
  SELECT "member_id", "day_start",
    coalesce(lag("day_start") OVER (PARTITION BY "member_id" ORDER BY "day_start"), '-infinity'::timestamptz) AS "prev_day_start"
  FROM "agent_member_active_days"
) d
JOIN "member_tree" t ON t."descendant_id" = d."member_id" AND t."depth" >= 1
GROUP BY 1, 2, 3;
