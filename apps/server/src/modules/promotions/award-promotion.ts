import type { LimitPeriod } from '@kismat/contracts/promotions';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  type PromotionAwardRow,
  type PromotionRow,
  promotionAwards,
  promotions,
  type TurnoverRequirementRow,
} from '../../db/schema/promotions';
import { columnsEqual } from '../../platform/columns-equal';
import { inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { isTrial } from '../../platform/policy';
import { sendInboxMessage } from '../inbox/index';
import { findMemberById } from '../member/index';
import { ensureMemberAccounts, openAccount, postTransfer } from '../wallet/index';
import { addTurnoverRequirement } from './add-turnover-requirement';
import { isInAudience } from './check-audience';
import { isWithinWindow, readMerchantMoney } from './promotion-queries';
import { limitPeriodOf, turnoverOf } from './promotion-rules';

export interface AwardPromotionInput {
  promotionId: number;
  memberId: number;
  /** Unique inside the promotion per member: a second award under the same key pays nothing and returns the first. */
  periodKey: string;
  /** Minor units, > 0. */
  amount: bigint;
  /** Why (shown to operators): 'first deposit 17', 'red envelope draw 88', 'raffle claim'. */
  reason: string;
  /** Business time (window, audience, limit period, expiry); default the wall clock. */
  now?: Date;
}

export interface AwardPromotionResult {
  award: PromotionAwardRow;
  /** False: the key was awarded before and nothing moved now. */
  created: boolean;
  requirement: TurnoverRequirementRow | null;
}

const MAX_KEY = 120;

/**
 * Pays one award of a promotion to a member, the one way money leaves PROMOTION_COST:
 * checks status, window, audience and the member's period limit, takes the amount from the
 * budget under races, posts ONE ledger transfer (PROMOTION_COST -> member cash, keyed by
 * promotion, member and period key), and adds the turnover requirement (amount x multiple,
 * max bet, contributions, expiry). Runs in a savepoint of the caller's transaction: a refusal
 * (AppError) leaves nothing behind and the caller may carry on.
 *
 * Attacks: twenty parallel gateway callbacks or double-tapped claims for one key queue on the
 * award's unique index and all but the first get the stored award (created: false); fifty
 * members claiming the last of a budget queue on the promotion row, whose conditional UPDATE
 * (budget_used + amount <= budget) lets only what fits through, and a CHECK backs it.
 */
export async function awardPromotion(db: Tx, input: AwardPromotionInput): Promise<AwardPromotionResult> {
  if (input.amount <= 0n) throw new AppError('PROMOTION_RULES_INVALID', { value: { reason: 'amount' } });
  if (input.periodKey.length === 0 || input.periodKey.length > MAX_KEY)
    throw new AppError('PROMOTION_RULES_INVALID', { value: { reason: 'periodKey' } });
  const now = input.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, input.promotionId));
    if (!promotion) throw new AppError('NOT_FOUND');
    const existing = await findAward(tx, input);
    if (existing) return { award: existing, created: false, requirement: null };

    if (promotion.status !== 'LIVE' || !isWithinWindow(promotion, now)) throw new AppError('PROMOTION_NOT_AVAILABLE');
    const member = await findMemberById(tx, promotion.merchantId, input.memberId);
    if (!member || isTrial(member) || member.status !== 'ACTIVE') throw new AppError('PROMOTION_NOT_ELIGIBLE');
    if (!(await isInAudience(tx, promotion, member, now))) throw new AppError('PROMOTION_NOT_ELIGIBLE');
    const money = await readMerchantMoney(tx, promotion.merchantId);
    const period = limitPeriodOf(promotion.limitPeriod as LimitPeriod, now, money.utcOffsetMinutes);

    // Claim the key first: a racing twin waits here on the unique index, then finds this award.
    const [claimed] = await tx
      .insert(promotionAwards)
      .values({
        merchantId: promotion.merchantId,
        promotionId: promotion.id,
        memberId: member.id,
        periodKey: input.periodKey,
        period,
        amount: input.amount,
        reason: input.reason.slice(0, 200),
        // Set below in this transaction, before anyone can see the row.
        ledgerTransferId: 0,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const first = await findAward(tx, input);
      if (!first) throw new AppError('CONFLICT');
      return { award: first, created: false, requirement: null };
    }

    await assertWithinMemberLimit(tx, promotion, member.id, period, claimed.id);
    await takeFromBudget(tx, promotion, input.amount);

    const accounts = await ensureMemberAccounts(tx, { merchantId: promotion.merchantId, memberId: member.id, currency: money.currency });
    const expense = await openAccount(tx, { merchantId: promotion.merchantId, code: 'PROMOTION_COST', currency: money.currency });
    const posted = await postTransfer(
      tx,
      {
        merchantId: promotion.merchantId,
        idempotencyKey: `promotion:${promotion.id}:${member.id}:${input.periodKey}`,
        type: 'bonus',
        reference: { kind: 'promotion_award', id: String(claimed.id) },
        entries: [
          { accountId: expense.id, amount: -input.amount },
          { accountId: accounts.cash.id, amount: input.amount },
        ],
        description: `Promotion ${promotion.id} (${promotion.kind})`,
        metadata: { promotionId: promotion.id, periodKey: input.periodKey, reason: input.reason.slice(0, 200) },
      },
      () => now,
    );
    const [award] = await tx
      .update(promotionAwards)
      .set({ ledgerTransferId: posted.transfer.id })
      .where(eq(promotionAwards.id, claimed.id))
      .returning();
    if (!award) throw new Error('promotion award not updated');

    const required = turnoverOf(input.amount, promotion.turnoverMultipleBp);
    const requirement =
      required > 0n
        ? await addTurnoverRequirement(tx, {
            merchantId: promotion.merchantId,
            memberId: member.id,
            source: 'PROMOTION',
            sourceId: award.id,
            awardId: award.id,
            promotionId: promotion.id,
            amountBasis: input.amount,
            required,
            maxBet: promotion.maxBet,
            contributions: promotion.contributions,
            expiresAt: promotion.expiryDays === null ? null : new Date(now.getTime() + promotion.expiryDays * 86_400_000),
            now,
          })
        : null;
    // The member's inbox: a bonus with its amount, once per award (the award id is the reference).
    await sendInboxMessage(tx, {
      merchantId: promotion.merchantId,
      memberId: member.id,
      kind: 'bonus_awarded',
      referenceId: award.id,
      amount: input.amount,
      now,
    });
    return { award, created: true, requirement };
  });
}

async function findAward(
  tx: Tx,
  input: { promotionId: number; memberId: number; periodKey: string },
): Promise<PromotionAwardRow | undefined> {
  const [row] = await tx
    .select()
    .from(promotionAwards)
    .where(columnsEqual(promotionAwards, { promotionId: input.promotionId, memberId: input.memberId, periodKey: input.periodKey }));
  return row;
}

/**
 * The member's awards of this promotion in this limit period, the new one excluded. Two awards
 * for different keys of one member could race past a count, so the count runs under a
 * transaction-scoped advisory lock on (promotion, member).
 */
async function assertWithinMemberLimit(tx: Tx, promotion: PromotionRow, memberId: number, period: string, ownId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${promotion.id}::int, ${memberId}::int)`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(promotionAwards)
    .where(
      and(
        eq(promotionAwards.promotionId, promotion.id),
        eq(promotionAwards.memberId, memberId),
        eq(promotionAwards.period, period),
        ne(promotionAwards.id, ownId),
      ),
    );
  if ((row?.count ?? 0) >= promotion.perMemberLimit) throw new AppError('PROMOTION_LIMIT_REACHED');
}

/** One conditional UPDATE: the row lock queues racing awards, and only an amount that still fits (and a live promotion) passes. */
async function takeFromBudget(tx: Tx, promotion: PromotionRow, amount: bigint): Promise<void> {
  const taken = await tx
    .update(promotions)
    .set({ budgetUsed: sql`${promotions.budgetUsed} + ${amount}` })
    .where(
      and(
        eq(promotions.id, promotion.id),
        eq(promotions.status, 'LIVE'),
        sql`(${promotions.budget} IS NULL OR ${promotions.budgetUsed} + ${amount} <= ${promotions.budget})`,
      ),
    )
    .returning({ id: promotions.id });
  if (taken.length > 0) return;
  const [now] = await tx.select({ status: promotions.status }).from(promotions).where(eq(promotions.id, promotion.id));
  throw new AppError(now?.status === 'LIVE' ? 'PROMOTION_BUDGET_EXHAUSTED' : 'PROMOTION_NOT_AVAILABLE');
}
