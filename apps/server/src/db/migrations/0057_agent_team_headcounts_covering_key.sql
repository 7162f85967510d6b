-- The headcount rows' key carries the count (INCLUDE), so a team's headcounts are an index-only
-- scan of its key: a 1,000,000-member team's ~9,600 rows lie on ~5,600 heap pages (rows of every
-- ancestor interleave as members register), 350 ms cold; its key range is ~50 index pages.
ALTER TABLE "agent_team_headcount_hours" DROP CONSTRAINT "agent_team_headcount_hours_pk";
--> statement-breakpoint
ALTER TABLE "agent_team_headcount_hours" ADD CONSTRAINT "agent_team_headcount_hours_pk"
  PRIMARY KEY ("ancestor_id", "hour", "is_direct", "is_agent") INCLUDE ("members");
