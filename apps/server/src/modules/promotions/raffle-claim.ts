import type { Language } from '@kismat/contracts/languages';
import { raffleConfig } from '@kismat/contracts/promotion-kinds';
import type { LimitPeriod } from '@kismat/contracts/promotions';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { type PromotionRow, promotionAwards } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { awardPromotion } from './award-promotion';
import { type DayTally, readDayTally, siteDayOf } from './campaign-day-tallies';
import { isInAudience } from './check-audience';
import { findPromotion, isWithinWindow, listLivePromotions, readMerchantMoney, textIn } from './promotion-queries';
import { limitPeriodOf } from './promotion-rules';

/*
 * The raffle (MCS2_claimRafflePromotion): a FIXED reward a member claims once per period (the
 * promotion's limitPeriod) when today's deposits or valid bet reach the promotion's eligibility.
 */

interface RaffleRule {
  amount: bigint;
  depositAtLeast: bigint;
  validBetAtLeast: bigint;
}

function raffleRuleOf(promotion: PromotionRow): RaffleRule {
  const parsed = raffleConfig.safeParse(promotion.config);
  if (promotion.kind !== 'RAFFLE' || !parsed.success || promotion.reward.kind !== 'FIXED') throw new AppError('PROMOTION_NOT_AVAILABLE');
  return {
    amount: BigInt(promotion.reward.amount),
    depositAtLeast: parsed.data.eligibility.depositAtLeast ?? 0n,
    validBetAtLeast: parsed.data.eligibility.validBetAtLeast ?? 0n,
  };
}

/** What today's tally still lacks (zero when met). */
function missing(rule: RaffleRule, tally: DayTally): { deposit: bigint; validBet: bigint } {
  const gap = (need: bigint, have: bigint) => (have >= need ? 0n : need - have);
  return { deposit: gap(rule.depositAtLeast, tally.deposit), validBet: gap(rule.validBetAtLeast, tally.validBet) };
}

/** The award key of a period: one claim per member and period. */
function raffleKey(promotion: PromotionRow, now: Date, utcOffsetMinutes: number): string {
  return `raffle:${limitPeriodOf(promotion.limitPeriod as LimitPeriod, now, utcOffsetMinutes)}`;
}

async function hasClaimed(db: DbOrTx, promotionId: number, memberId: number, periodKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promotionAwards.id })
    .from(promotionAwards)
    .where(
      and(eq(promotionAwards.promotionId, promotionId), eq(promotionAwards.memberId, memberId), eq(promotionAwards.periodKey, periodKey)),
    );
  return Boolean(row);
}

/** The member's standing in one raffle now. */
export async function raffleStanding(db: DbOrTx, promotion: PromotionRow, member: MemberRow, now: Date) {
  const rule = raffleRuleOf(promotion);
  const { utcOffsetMinutes } = await readMerchantMoney(db, promotion.merchantId);
  const periodKey = raffleKey(promotion, now, utcOffsetMinutes);
  const need = missing(rule, await readDayTally(db, member.id, siteDayOf(now, utcOffsetMinutes)));
  const isClaimed = await hasClaimed(db, promotion.id, member.id, periodKey);
  return { rule, periodKey, need, isClaimed, isEligible: need.deposit === 0n && need.validBet === 0n };
}

/** Live raffles the member is in the audience of, with eligibility and whether this period was claimed. */
export async function listRaffles(db: DbOrTx, member: MemberRow, now: Date, language: Language) {
  const list = [];
  for (const promotion of await listLivePromotions(db, member.merchantId, now, ['RAFFLE'])) {
    if (!(await isInAudience(db, promotion, member, now))) continue;
    let standing: Awaited<ReturnType<typeof raffleStanding>>;
    try {
      standing = await raffleStanding(db, promotion, member, now);
    } catch {
      // A raffle with settings that do not parse is not offered.
      continue;
    }
    list.push({
      promotionId: promotion.id,
      title: textIn(promotion.title, language),
      amount: formatAmount(standing.rule.amount),
      period: promotion.limitPeriod as LimitPeriod,
      periodKey: standing.periodKey,
      isEligible: standing.isEligible,
      isClaimed: standing.isClaimed,
      need: { deposit: formatAmount(standing.need.deposit), validBet: formatAmount(standing.need.validBet) },
    });
  }
  return { list };
}

/**
 * Claims a raffle inside the caller's transaction. Refusals, in order: not live, not in the
 * audience, claimed this period, not eligible (with what is missing). Two taps at once meet on
 * the award's unique key: one pays, the other is told it was claimed.
 */
export async function claimRaffleIn(tx: Tx, promotion: PromotionRow, member: MemberRow, now: Date) {
  if (promotion.kind !== 'RAFFLE') throw new AppError('NOT_FOUND');
  if (promotion.status !== 'LIVE' || !isWithinWindow(promotion, now)) throw new AppError('PROMOTION_NOT_AVAILABLE');
  if (!(await isInAudience(tx, promotion, member, now))) throw new AppError('PROMOTION_NOT_ELIGIBLE');
  const standing = await raffleStanding(tx, promotion, member, now);
  if (standing.isClaimed) throw new AppError('RAFFLE_ALREADY_CLAIMED');
  if (!standing.isEligible) {
    throw new AppError('RAFFLE_NOT_ELIGIBLE', {
      value: { need: { deposit: formatAmount(standing.need.deposit), validBet: formatAmount(standing.need.validBet) } },
    });
  }
  const { award, created } = await awardPromotion(tx, {
    promotionId: promotion.id,
    memberId: member.id,
    periodKey: standing.periodKey,
    amount: standing.rule.amount,
    reason: 'raffle claim',
    now,
  });
  if (!created) throw new AppError('RAFFLE_ALREADY_CLAIMED');
  return { award, periodKey: standing.periodKey };
}

/** MCS2_claimRafflePromotion: claims the member's raffle of this period. */
export async function claimRaffle(ctx: RequestContext, member: MemberRow, promotionId: number) {
  return inTransaction(ctx.db, async (tx) => {
    const promotion = await findPromotion(tx, member.merchantId, promotionId);
    const { award, periodKey } = await claimRaffleIn(tx, promotion, member, ctx.now);
    return { promotionId: promotion.id, periodKey, amount: formatAmount(award.amount), claimedAt: award.createdAt.toISOString() };
  });
}
