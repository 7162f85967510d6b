import { type SQL, sql } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/ledger';

/**
 * A derived table of the member accounts' figures (merchant_id, owner_member_id, code, balance,
 * held), for a set-based read in the member module's statement (the balances pushed to a
 * member's open pages); PostgreSQL inlines it, so the plan is that of a join on the account
 * table through its (merchant_id, owner_member_id, code) index.
 */
export function memberAccountsRelation(): SQL {
  return sql`(select merchant_id, owner_member_id, code, balance, held from ${ledgerAccounts})`;
}
