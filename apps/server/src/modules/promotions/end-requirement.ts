import { and, eq, sql } from 'drizzle-orm';
import { promotionAwards, type TurnoverRequirementRow, turnoverRequirements } from '../../db/schema/promotions';
import { inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ensureMemberAccounts, getAccountBalance, openAccount, postTransfer } from '../wallet/index';
import { readMerchantMoney } from './promotion-queries';
import { smallerOf } from './promotion-rules';

export type EndStatus = 'FORFEITED' | 'EXPIRED' | 'WAIVED';

export interface EndRequirementResult {
  requirement: TurnoverRequirementRow;
  /** What went back to PROMOTION_COST (0 for a waive or a deposit's requirement). */
  returnedAmount: bigint;
}

/**
 * Ends one ACTIVE requirement. WAIVED (an operator) keeps the money where it is. FORFEITED (the
 * member gives up, or an operator) and EXPIRED (the expiry job, or the withdrawal gate meeting
 * an overdue one) take the unspent bonus of a PROMOTION requirement back to PROMOTION_COST:
 * min(bonus not yet returned, the member's available cash), so money is never created (the
 * member may already have lost part of the bonus in play, and a withdrawal hold is never
 * touched) and the ledger transfer is keyed by the award, so it happens once.
 */
export async function endRequirement(
  db: Tx,
  input: { requirementId: number; memberId?: number; status: EndStatus; endedBy: string; note: string | null; now: Date },
): Promise<EndRequirementResult> {
  return inTransaction(db, async (tx) => {
    // The row lock: a racing forfeit, waive, expiry or the turnover engine waits, then sees the end.
    const [requirement] = await tx
      .select()
      .from(turnoverRequirements)
      .where(
        and(
          eq(turnoverRequirements.id, input.requirementId),
          input.memberId === undefined ? undefined : eq(turnoverRequirements.memberId, input.memberId),
        ),
      )
      .for('update');
    if (!requirement) throw new AppError('NOT_FOUND');
    if (requirement.status !== 'ACTIVE') throw new AppError('REQUEST_NOT_PENDING');
    if (input.status === 'FORFEITED' && requirement.source !== 'PROMOTION') throw new AppError('PROMOTION_STATE_CONFLICT');

    let returnedAmount = 0n;
    if (input.status !== 'WAIVED' && requirement.awardId !== null) {
      returnedAmount = await returnBonus(tx, requirement, input.status, input.now);
    }
    const [ended] = await tx
      .update(turnoverRequirements)
      .set({ status: input.status, endedAt: input.now, endedBy: input.endedBy.slice(0, 60), note: input.note?.slice(0, 500) ?? null })
      .where(eq(turnoverRequirements.id, requirement.id))
      .returning();
    if (!ended) throw new Error('requirement not ended');
    return { requirement: ended, returnedAmount };
  });
}

async function returnBonus(tx: Tx, requirement: TurnoverRequirementRow, status: 'FORFEITED' | 'EXPIRED', now: Date): Promise<bigint> {
  const awardId = requirement.awardId;
  if (awardId === null) return 0n;
  const [award] = await tx.select().from(promotionAwards).where(eq(promotionAwards.id, awardId)).for('update');
  if (award?.status !== 'CREDITED') return 0n;
  const money = await readMerchantMoney(tx, award.merchantId);
  const accounts = await ensureMemberAccounts(tx, { merchantId: award.merchantId, memberId: award.memberId, currency: money.currency });
  const { available } = await getAccountBalance(tx, accounts.cash.id);
  const unspent = award.amount - award.returnedAmount;
  const amount = smallerOf(unspent, available);
  let returnTransferId: number | null = null;
  if (amount > 0n) {
    const expense = await openAccount(tx, { merchantId: award.merchantId, code: 'PROMOTION_COST', currency: money.currency });
    const posted = await postTransfer(
      tx,
      {
        merchantId: award.merchantId,
        idempotencyKey: `promotion-return:${award.id}`,
        type: 'bonus_forfeit',
        reference: { kind: 'promotion_award', id: String(award.id) },
        entries: [
          { accountId: accounts.cash.id, amount: -amount },
          { accountId: expense.id, amount },
        ],
        description: `Promotion ${award.promotionId} bonus ${status === 'EXPIRED' ? 'expired' : 'forfeited'}`,
        metadata: { awardId: award.id, requirementId: requirement.id },
      },
      () => now,
    );
    returnTransferId = posted.transfer.id;
  }
  await tx
    .update(promotionAwards)
    .set({ status, endedAt: now, returnedAmount: sql`${promotionAwards.returnedAmount} + ${amount}`, returnTransferId })
    .where(eq(promotionAwards.id, award.id));
  return amount;
}
