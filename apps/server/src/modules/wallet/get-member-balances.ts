import { and, eq } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';

export interface MemberBalances {
  /** The cash account's currency; null before the member's accounts are opened. */
  currency: string | null;
  cash: bigint;
  /** Reserved on cash by pending holds (withdrawals, open bets). */
  held: bigint;
  /** cash - held: what the member can spend or withdraw now. */
  available: bigint;
  /** Locked until its wagering is met. */
  bonus: bigint;
  points: bigint;
  /** Play money; never convertible. */
  trial: bigint;
  /** An agent's earnings account (0 for players). */
  agentEarnings: bigint;
}

/** Reads all balances of one member (or agent) in one query; accounts not opened yet count as zero. */
export async function getMemberBalances(db: DbOrTx, input: { merchantId: number; memberId: number }): Promise<MemberBalances> {
  const rows = await db
    .select({ code: ledgerAccounts.code, currency: ledgerAccounts.currency, balance: ledgerAccounts.balance, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.merchantId, input.merchantId), eq(ledgerAccounts.ownerMemberId, input.memberId)));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const cash = byCode.get('MEMBER_CASH');
  const held = cash?.held ?? 0n;
  return {
    currency: cash?.currency ?? byCode.get('MEMBER_TRIAL')?.currency ?? null,
    cash: cash?.balance ?? 0n,
    held,
    available: (cash?.balance ?? 0n) - held,
    bonus: byCode.get('MEMBER_BONUS')?.balance ?? 0n,
    points: byCode.get('MEMBER_POINTS')?.balance ?? 0n,
    trial: byCode.get('MEMBER_TRIAL')?.balance ?? 0n,
    agentEarnings: byCode.get('AGENT_EARNINGS')?.balance ?? 0n,
  };
}
