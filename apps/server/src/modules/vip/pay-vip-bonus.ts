import type { VipBonusKind } from '../../db/schema/vip';
import { vipBonusAwards } from '../../db/schema/vip';
import type { Tx } from '../../platform/db';
import { ensureMemberAccounts, openAccount, postTransfer } from '../wallet/index';

export interface VipBonusInput {
  merchantId: number;
  currency: string;
  memberId: number;
  kind: VipBonusKind;
  /** The level id (UPGRADE), the year (BIRTHDAY) or the month (MONTHLY). */
  periodKey: string;
  rank: number;
  amount: bigint;
}

/**
 * Pays a VIP bonus from LOYALTY_EXPENSE to the member's cash, once per (member, kind, period
 * key): the ledger key and the award's unique index both name it, so a re-run job, a replayed
 * batch or a member demoted and promoted again is never paid twice. Returns whether it paid now.
 */
export async function payVipBonus(tx: Tx, input: VipBonusInput): Promise<boolean> {
  if (input.amount <= 0n) return false;
  const accounts = await ensureMemberAccounts(tx, { merchantId: input.merchantId, memberId: input.memberId, currency: input.currency });
  const expense = await openAccount(tx, { merchantId: input.merchantId, code: 'LOYALTY_EXPENSE', currency: input.currency });
  const posted = await postTransfer(tx, {
    merchantId: input.merchantId,
    idempotencyKey: `vip:${input.kind.toLowerCase()}:${input.memberId}:${input.periodKey}`,
    type: 'bonus',
    reference: { kind: 'vip_bonus', id: `${input.kind}:${input.periodKey}` },
    entries: [
      { accountId: expense.id, amount: -input.amount },
      { accountId: accounts.cash.id, amount: input.amount },
    ],
    description: `VIP ${input.kind.toLowerCase()} bonus`,
  });
  const inserted = await tx
    .insert(vipBonusAwards)
    .values({
      merchantId: input.merchantId,
      memberId: input.memberId,
      kind: input.kind,
      periodKey: input.periodKey,
      rank: input.rank,
      amount: input.amount,
      transferId: posted.transfer.id,
    })
    .onConflictDoNothing()
    .returning({ id: vipBonusAwards.id });
  return inserted.length > 0 && !posted.isReplay;
}
