import { type SQL, sql } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';

/**
 * A derived table of the members' statuses (id, status), for a join in another module's
 * statement (the vendor session read of every bet); PostgreSQL inlines it, so the plan is that
 * of a join on members by primary key.
 */
export function memberStatusRelation(): SQL {
  return sql`(select id, status from ${members})`;
}
