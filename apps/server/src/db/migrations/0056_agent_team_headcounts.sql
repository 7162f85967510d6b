-- A team's headcounts per hour of registration (issue 16 item 4): the team overview's members,
-- direct members, agents and new members of a period read from the team's rows (about one per
-- hour in which a member of the team registered) instead of joining every member of the team
-- (2.9 s cold for a 1,000,000-member team). Kept by triggers on the closure table and on members,
-- so every writer of the tree (registration, a subtree move, seeds, test factories) keeps them in
-- its own statement's transaction, exactly once; backfilled here from the closure rows.
CREATE TABLE "agent_team_headcount_hours" (
	"ancestor_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"is_direct" boolean NOT NULL,
	"is_agent" boolean NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_team_headcount_hours_pk" PRIMARY KEY("ancestor_id","hour","is_direct","is_agent")
);
--> statement-breakpoint
-- Closure rows of depth >= 1 added: +1 for each (ancestor, the member's registration hour, direct
-- or not, agent or not). Rows in key order, so two registrations lock shared rows in one order.
CREATE FUNCTION "agent_team_headcounts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_team_headcount_hours AS h (ancestor_id, hour, is_direct, is_agent, members)
  SELECT a.ancestor_id, date_trunc('hour', m.created_at, 'UTC'), a.depth = 1, m.type IN (1, 2, 41, 42), count(*)::int
    FROM added a JOIN members m ON m.id = a.descendant_id
   WHERE a.depth >= 1
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (ancestor_id, hour, is_direct, is_agent) DO UPDATE SET members = h.members + excluded.members;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "agent_team_headcounts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_team_headcount_hours AS h (ancestor_id, hour, is_direct, is_agent, members)
  SELECT r.ancestor_id, date_trunc('hour', m.created_at, 'UTC'), r.depth = 1, m.type IN (1, 2, 41, 42), -count(*)::int
    FROM removed r JOIN members m ON m.id = r.descendant_id
   WHERE r.depth >= 1
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (ancestor_id, hour, is_direct, is_agent) DO UPDATE SET members = h.members + excluded.members;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A member whose type (agent or not) or registration time changes moves between rows of every
-- team it is in.
CREATE FUNCTION "agent_team_headcounts_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_team_headcount_hours AS h (ancestor_id, hour, is_direct, is_agent, members)
  SELECT t.ancestor_id, x.hour, t.depth = 1, x.is_agent, sum(x.delta)::int
    FROM member_tree t
    CROSS JOIN (VALUES (date_trunc('hour', OLD.created_at, 'UTC'), OLD.type IN (1, 2, 41, 42), -1),
                       (date_trunc('hour', NEW.created_at, 'UTC'), NEW.type IN (1, 2, 41, 42), 1)) AS x(hour, is_agent, delta)
   WHERE t.descendant_id = NEW.id AND t.depth >= 1
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (ancestor_id, hour, is_direct, is_agent) DO UPDATE SET members = h.members + excluded.members;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "member_tree_headcounts_added" AFTER INSERT ON "member_tree"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "agent_team_headcounts_added"();
--> statement-breakpoint
CREATE TRIGGER "member_tree_headcounts_removed" AFTER DELETE ON "member_tree"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "agent_team_headcounts_removed"();
--> statement-breakpoint
CREATE TRIGGER "members_headcounts_changed" AFTER UPDATE OF "type", "created_at" ON "members"
  FOR EACH ROW WHEN ((OLD.type IN (1, 2, 41, 42)) IS DISTINCT FROM (NEW.type IN (1, 2, 41, 42))
                     OR date_trunc('hour', OLD.created_at, 'UTC') IS DISTINCT FROM date_trunc('hour', NEW.created_at, 'UTC'))
  EXECUTE FUNCTION "agent_team_headcounts_member_changed"();
--> statement-breakpoint
INSERT INTO "agent_team_headcount_hours" ("ancestor_id", "hour", "is_direct", "is_agent", "members")
SELECT t."ancestor_id", date_trunc('hour', m."created_at", 'UTC'), t."depth" = 1, m."type" IN (1, 2, 41, 42), count(*)::int
FROM "member_tree" t JOIN "members" m ON m."id" = t."descendant_id"
WHERE t."depth" >= 1
GROUP BY 1, 2, 3, 4;
