import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/sql-values';

export interface OppositeBets {
  memberId: number;
  issueId: number;
  issueNo: string;
  betType: string;
  selections: string[];
  stake: string;
}

/**
 * Members who staked both sides of an even-chance bet in one draw (BIG and SMALL, or ODD and
 * EVEN, on the same bet type and position): a bet that cannot lose much and only farms turnover,
 * rebates or points. Real money only; draws in [from, to) by draw time, read through the
 * tickets' issue index, so a scan of a day touches that day's draws only.
 */
export async function findOppositeLotteryBets(db: DbOrTx, input: { merchantId: number; from: Date; to: Date }): Promise<OppositeBets[]> {
  const result = await db.execute(sql`
    select t.member_id, i.id as issue_id, i.issue_no, t.bet_type,
           array_agg(distinct t.selection order by t.selection) as selections,
           sum(t.amount_minor)::text as stake
    from lottery_issues i
    join lottery_tickets t on t.issue_id = i.id
    where t.merchant_id = ${input.merchantId}
      and i.draw_at >= ${input.from} and i.draw_at < ${input.to}
      and not t.is_trial
      and t.selection ~ '(BIG|SMALL|ODD|EVEN)$'
    group by t.member_id, i.id, i.issue_no, t.bet_type, regexp_replace(t.selection, '(BIG|SMALL|ODD|EVEN)$', '')
    having (bool_or(t.selection like '%BIG') and bool_or(t.selection like '%SMALL'))
        or (bool_or(t.selection like '%ODD') and bool_or(t.selection like '%EVEN'))
    limit 5000`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.map((row) => ({
    memberId: Number(row.member_id),
    issueId: Number(row.issue_id),
    issueNo: String(row.issue_no),
    betType: String(row.bet_type),
    selections: (row.selections as string[]) ?? [],
    stake: String(row.stake),
  }));
}
