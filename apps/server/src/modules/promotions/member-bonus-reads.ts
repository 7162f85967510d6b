import type { Language } from '@kismat/contracts/languages';
import type { BonusDetailsValue, LimitPeriod, RewardCenterValue } from '@kismat/contracts/promotions';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { promotionAwards, promotionDepositCounts, promotionSettings, promotions, turnoverRequirements } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { messageFor } from '../../platform/messages';
import { isInAudience } from './check-audience';
import { listMemberPromotions } from './member-promotion-state';
import { presentRequirement } from './present-promotion';
import { listLivePromotions, textIn } from './promotion-queries';
import { limitPeriodOf, rewardAmountOf, turnoverOf } from './promotion-rules';
import { DEFAULT_DEPOSIT_TURNOVER_BP } from './turnover-engine';

const LIST_LIMIT = 100;

/** Every requirement of the member, active first then the latest ended (bonus details page). */
export async function listBonusDetails(db: DbOrTx, member: MemberRow, language: Language): Promise<BonusDetailsValue> {
  const rows = await db
    .select({ requirement: turnoverRequirements, title: promotions.title })
    .from(turnoverRequirements)
    .leftJoin(promotions, eq(promotions.id, turnoverRequirements.promotionId))
    .where(eq(turnoverRequirements.memberId, member.id))
    .orderBy(desc(turnoverRequirements.id))
    .limit(LIST_LIMIT);
  const items = rows
    .map((row) => presentRequirement(row.requirement, row.title ? textIn(row.title, language) : null))
    .sort((first, second) => Number(second.status === 'ACTIVE') - Number(first.status === 'ACTIVE'));
  const totalLeft = rows.reduce(
    (sum, row) => sum + (row.requirement.status === 'ACTIVE' ? row.requirement.required - row.requirement.done : 0n),
    0n,
  );
  return { items, totalLeft: formatAmount(totalLeft) };
}

/** Claimable (live offers the member can take now), claimed and expired rewards. */
export async function getRewardCenter(
  db: DbOrTx,
  input: { member: MemberRow; utcOffsetMinutes: number; language: Language; now: Date },
): Promise<RewardCenterValue> {
  const live = await listMemberPromotions(db, { ...input, merchantId: input.member.merchantId });
  const claimable = live
    .filter((item) => (item.me?.claimableCount ?? 0) > 0)
    .map((item) => ({
      promotionId: item.id,
      kind: item.kind,
      title: item.title,
      amount: item.reward.kind === 'FIXED' ? item.reward.amount : null,
      awardId: null,
      at: null,
    }));
  const awards = await db
    .select({ award: promotionAwards, title: promotions.title, kind: promotions.kind })
    .from(promotionAwards)
    .innerJoin(promotions, eq(promotions.id, promotionAwards.promotionId))
    .where(eq(promotionAwards.memberId, input.member.id))
    .orderBy(desc(promotionAwards.id))
    .limit(LIST_LIMIT);
  const item = (row: (typeof awards)[number]) => ({
    promotionId: row.award.promotionId,
    kind: row.kind as RewardCenterValue['claimed'][number]['kind'],
    title: textIn(row.title, input.language),
    amount: formatAmount(row.award.amount),
    awardId: row.award.id,
    at: (row.award.endedAt ?? row.award.createdAt).toISOString(),
  });
  return {
    claimable,
    claimed: awards.filter((row) => row.award.status === 'CREDITED').map(item),
    expired: awards.filter((row) => row.award.status !== 'CREDITED').map(item),
  };
}

/** What a deposit of `amount` would earn now: the deposit's own turnover and each automatic deposit offer. */
export async function previewDepositBonus(
  db: DbOrTx,
  input: { member: MemberRow; amount: bigint; utcOffsetMinutes: number; language: Language; now: Date },
) {
  const { member, amount, now, language } = input;
  const [settings] = await db
    .select({ bp: promotionSettings.depositTurnoverBp })
    .from(promotionSettings)
    .where(eq(promotionSettings.merchantId, member.merchantId));
  const [deposits] = await db.select().from(promotionDepositCounts).where(eq(promotionDepositCounts.memberId, member.id));
  const kind = deposits ? 'RELOAD' : 'FIRST_DEPOSIT';
  const offers = (await listLivePromotions(db, member.merchantId, now, [kind])).filter((row) => row.claimMode === 'AUTOMATIC');
  const used =
    offers.length === 0
      ? []
      : await db
          .select({ promotionId: promotionAwards.promotionId, period: promotionAwards.period })
          .from(promotionAwards)
          .where(
            and(
              eq(promotionAwards.memberId, member.id),
              inArray(
                promotionAwards.promotionId,
                offers.map((row) => row.id),
              ),
            ),
          );
  let total = 0n;
  const list = [];
  for (const promotion of offers) {
    const bonus = rewardAmountOf(promotion.reward, amount) ?? 0n;
    const period = limitPeriodOf(promotion.limitPeriod as LimitPeriod, now, input.utcOffsetMinutes);
    const usedCount = used.filter((row) => row.promotionId === promotion.id && row.period === period).length;
    let refusal: string | null = null;
    if (!(await isInAudience(db, promotion, member, now))) refusal = messageFor('PROMOTION_NOT_ELIGIBLE', language);
    else if (promotion.minDeposit !== null && amount < promotion.minDeposit) refusal = messageFor('AMOUNT_OUT_OF_RANGE', language);
    else if (usedCount >= promotion.perMemberLimit) refusal = messageFor('PROMOTION_LIMIT_REACHED', language);
    else if (promotion.budget !== null && promotion.budgetUsed + bonus > promotion.budget)
      refusal = messageFor('PROMOTION_BUDGET_EXHAUSTED', language);
    else if (bonus <= 0n) refusal = messageFor('PROMOTION_NOT_ELIGIBLE', language);
    if (refusal === null) total += bonus;
    list.push({
      promotionId: promotion.id,
      kind: promotion.kind as 'FIRST_DEPOSIT' | 'RELOAD',
      title: textIn(promotion.title, language),
      bonus: formatAmount(bonus),
      turnover: formatAmount(turnoverOf(bonus, promotion.turnoverMultipleBp)),
      maxBet: promotion.maxBet === null ? null : formatAmount(promotion.maxBet),
      refusal,
    });
  }
  return {
    amount: formatAmount(amount),
    depositTurnover: formatAmount(turnoverOf(amount, settings?.bp ?? DEFAULT_DEPOSIT_TURNOVER_BP)),
    offers: list,
    bonus: formatAmount(total),
  };
}
