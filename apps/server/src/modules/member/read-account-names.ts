import { inArray } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

/** Account names of these members (for boards that show who ranks where; callers mask them). */
export async function readAccountNames(db: DbOrTx, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(inArray(members.id, [...memberIds]));
  return new Map(rows.map((row) => [row.id, row.username]));
}
