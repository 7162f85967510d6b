-- The agent centre searches a team by part of a username or nickname (ILIKE %kw%): trigram
-- indexes let a rare keyword find its few members without reading every member of the merchant
-- (pg_trgm is a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_username_trgm" ON "members" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_nickname_trgm" ON "members" USING gin ("nickname" gin_trgm_ops);
