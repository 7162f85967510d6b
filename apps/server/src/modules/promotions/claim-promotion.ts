import type { LimitPeriod } from '@kismat/contracts/promotions';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { promotionAwards, turnoverRequirements } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { awardPromotion } from './award-promotion';
import { hooksOf } from './kind-hooks';
import { presentRequirement } from './present-promotion';
import { findPromotion, isWithinWindow, readMerchantMoney } from './promotion-queries';
import { limitPeriodOf } from './promotion-rules';

/**
 * A member's claim of a CLAIM-mode promotion: a kind with its own claim (a raffle, a drawn
 * prize) answers through its hook; otherwise a FIXED reward is awarded under the period's key,
 * so a double tap, a retry or twenty parallel taps pay once and the rest answer isReplay.
 */
export async function claimPromotion(
  db: Db,
  input: { member: MemberRow; promotionId: number; now: Date; title: (text: { BN: string; EN: string; SW: string }) => string },
) {
  const { member, now } = input;
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, member.merchantId, input.promotionId);
    if (promotion.status !== 'LIVE' || !isWithinWindow(promotion, now)) throw new AppError('PROMOTION_NOT_AVAILABLE');
    if (promotion.claimMode !== 'CLAIM') throw new AppError('PROMOTION_STATE_CONFLICT');
    const hooks = hooksOf(promotion.kind);
    let awardId: number;
    let isReplay: boolean;
    if (hooks?.claim) {
      ({ awardId, isReplay } = await hooks.claim(tx, promotion, member, now));
    } else {
      if (promotion.reward.kind !== 'FIXED') throw new AppError('PROMOTION_RULES_INVALID', { value: { reason: 'reward' } });
      const money = await readMerchantMoney(tx, promotion.merchantId);
      const period = limitPeriodOf(promotion.limitPeriod as LimitPeriod, now, money.utcOffsetMinutes);
      let periodKey = period;
      if (promotion.perMemberLimit > 1) {
        const [row] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(promotionAwards)
          .where(
            and(eq(promotionAwards.promotionId, promotion.id), eq(promotionAwards.memberId, member.id), eq(promotionAwards.period, period)),
          );
        periodKey = `${period}#${Math.min((row?.count ?? 0) + 1, promotion.perMemberLimit)}`;
      }
      const result = await awardPromotion(tx, {
        promotionId: promotion.id,
        memberId: member.id,
        periodKey,
        amount: BigInt(promotion.reward.amount),
        reason: 'claim',
        now,
      });
      awardId = result.award.id;
      isReplay = !result.created;
    }
    const [award] = await tx.select().from(promotionAwards).where(eq(promotionAwards.id, awardId));
    if (!award) throw new AppError('NOT_FOUND');
    const [requirement] = await tx.select().from(turnoverRequirements).where(eq(turnoverRequirements.awardId, awardId));
    return {
      awardId,
      amount: formatAmount(award.amount),
      isReplay,
      requirement: requirement ? presentRequirement(requirement, input.title(promotion.title)) : null,
    };
  });
}
