import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';

/**
 * Of these members, those a time-out or self-exclusion keeps from play now: all an agent may know
 * of a downline ("restricted"), never which limit or exclusion. One indexed read.
 */
export async function restrictedMemberIds(db: DbOrTx, memberIds: readonly number[], now: Date): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = rowsOf<{ member_id: unknown }>(
    await db.execute(sql`
      SELECT member_id FROM rg_state
       WHERE member_id IN (${sql.join(
         memberIds.map((id) => sql`${id}`),
         sql`, `,
       )})
         AND blocked AND (return_effective_at IS NULL OR return_effective_at > ${now.toISOString()}::timestamptz)`),
  );
  return new Set(rows.map((row) => toNumber(row.member_id)));
}

/**
 * The rg_state rows of these members, locked in member id order, as a fragment for a statement that
 * must stay one (the vendor group commit's lock statement); rows come back as `member_id`. Put it after the
 * ledger rows in the statement (ledger first, then rg_state, as every money path).
 */
export function lockTrackedMembersSql(memberIds: readonly number[]): SQL {
  if (memberIds.length === 0) return sql`SELECT member_id FROM rg_state WHERE false`;
  // The ids as one jsonb parameter: the same text whatever their number (the statement is a named prepared one).
  return sql`SELECT member_id FROM rg_state
              WHERE member_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)::bigint)
              ORDER BY member_id FOR UPDATE`;
}
