import { and, desc, eq } from 'drizzle-orm';
import { activityApplications } from '../../db/schema/promotion-campaigns';
import { isAppError } from '../../platform/errors';
import { type KindMemberState, registerPromotionKind } from './kind-hooks';
import { readMerchantMoney } from './promotion-queries';
import { claimRaffleIn, raffleStanding } from './raffle-claim';
import { redEnvelopeChancesLeft } from './red-envelope-reads';

/** A promotion whose kind settings do not parse (an operator's half-made edit) shows as closed, never breaks the list. */
async function orClosed(read: () => Promise<KindMemberState>): Promise<KindMemberState> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error)) return { status: 'Close', claimableCount: 0 };
    throw error;
  }
}

/**
 * The core's view of the kinds with state of their own: what a member can take now (the
 * reward-centre badge, availablePromoCount) and, for the raffle, the generic claim call.
 */
export function registerCampaignKinds(): void {
  registerPromotionKind('RED_ENVELOPE', {
    memberState: (db, promotion, member, now) =>
      orClosed(async () => {
        const { utcOffsetMinutes } = await readMerchantMoney(db, promotion.merchantId);
        const { left } = await redEnvelopeChancesLeft(db, promotion, member, now, utcOffsetMinutes);
        return { status: left > 0 ? 'Claim' : 'Joined', claimableCount: left };
      }),
  });
  registerPromotionKind('RAFFLE', {
    memberState: (db, promotion, member, now) =>
      orClosed(async () => {
        const standing = await raffleStanding(db, promotion, member, now);
        if (standing.isClaimed) return { status: 'Claimed', claimableCount: 0 };
        return { status: standing.isEligible ? 'Claim' : 'Join', claimableCount: standing.isEligible ? 1 : 0 };
      }),
    async claim(tx, promotion, member, now) {
      const { award } = await claimRaffleIn(tx, promotion, member, now);
      return { awardId: award.id, isReplay: false };
    },
  });
  registerPromotionKind('ACTIVITY', {
    async memberState(db, promotion, member) {
      const [latest] = await db
        .select({ status: activityApplications.status })
        .from(activityApplications)
        .where(and(eq(activityApplications.promotionId, promotion.id), eq(activityApplications.memberId, member.id)))
        .orderBy(desc(activityApplications.id))
        .limit(1);
      const status =
        latest?.status === 'APPLYING'
          ? 'Applying'
          : latest?.status === 'ISSUED'
            ? 'Issued'
            : latest?.status === 'REJECTED'
              ? 'Rejected'
              : 'Join';
      return { status, claimableCount: 0 };
    },
  });
  registerPromotionKind('REFERRAL', {
    async memberState() {
      return { status: 'Joined', claimableCount: 0 };
    },
  });
}
