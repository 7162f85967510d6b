import { type SQL, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';

/**
 * A derived table of the money that crossed a merchant's cashier, promotion and commission
 * accounts over [from, to) (the reports module's hourly fold, docs/reports.md): one row per entry
 * on a CASHIER_CLEARING, PROMOTION_COST or AGENT_COMMISSION_COST account, as
 * (at, type, code, channel, amount, transfer_id, member_id). `amount` is seen from the members'
 * side (the system entry negated): a deposit or a bonus is positive, a paid withdrawal or a
 * forfeited bonus negative. `member_id` is the member credited by a deposit (null otherwise).
 *
 * The plan is a range read per system account on ledger_entries (account_id, created_at), then
 * the transfer by primary key; it never scans the members' own entries.
 */
export function reportLedgerFlowsRelation(input: { merchantId: number; from: Date; to: Date }): SQL {
  return sql`(select e.created_at as at, t.type, a.code, a.subkey as channel, -e.amount as amount, e.transfer_id, credited.member_id
      from ${ledgerAccounts} a
      join ${ledgerEntries} e on e.account_id = a.id
       and e.created_at >= ${input.from.toISOString()}::timestamptz and e.created_at < ${input.to.toISOString()}::timestamptz
      join ${ledgerTransfers} t on t.id = e.transfer_id
      left join lateral (
        select ma.owner_member_id as member_id from ${ledgerEntries} me join ${ledgerAccounts} ma on ma.id = me.account_id
         where t.type = 'deposit' and me.transfer_id = e.transfer_id and ma.owner_member_id is not null limit 1) credited on true
     where a.merchant_id = ${input.merchantId} and a.owner_member_id is null and not a.is_trial
       and a.code in ('CASHIER_CLEARING', 'PROMOTION_COST', 'AGENT_COMMISSION_COST'))`;
}
