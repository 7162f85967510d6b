import { type RedEnvelopeConfig, redEnvelopeConfig } from '@kismat/contracts/promotion-kinds';
import { assertPrizeTable, type RedEnvelopePrize } from '@kismat/game-math/promotions/red-envelope';
import type { PromotionRow } from '../../db/schema/promotions';
import { AppError } from '../../platform/errors';
import type { DayTally } from './campaign-day-tallies';

/** A RED_ENVELOPE promotion as a draw needs it: its tiers (config) and its prize table (reward). */
export interface RedEnvelopeRule {
  config: RedEnvelopeConfig;
  prizes: RedEnvelopePrize[];
}

/** Reads the rule of a red-envelope promotion; a promotion whose settings do not parse is not drawable. */
export function redEnvelopeRuleOf(promotion: PromotionRow): RedEnvelopeRule {
  const parsed = redEnvelopeConfig.safeParse(promotion.config);
  if (promotion.kind !== 'RED_ENVELOPE' || !parsed.success || promotion.reward.kind !== 'PRIZE_TABLE') {
    throw new AppError('PROMOTION_NOT_AVAILABLE');
  }
  const prizes = promotion.reward.prizes.map((prize) => ({
    amount: BigInt(prize.amount),
    weight: prize.weight,
    stock: prize.stockPerPeriod,
  }));
  try {
    assertPrizeTable(prizes);
  } catch {
    throw new AppError('PROMOTION_NOT_AVAILABLE');
  }
  return { config: parsed.data, prizes };
}

/** Each tier met today gives its chances; a tier is met by the day's deposits or by its valid bet. */
export function tierIsMet(tier: RedEnvelopeConfig['tiers'][number], tally: DayTally): boolean {
  if (tier.depositAtLeast !== undefined) return tally.deposit >= tier.depositAtLeast;
  return tier.validBetAtLeast !== undefined && tally.validBet >= tier.validBetAtLeast;
}

export function chancesEarned(config: RedEnvelopeConfig, tally: DayTally): number {
  return config.tiers.reduce((sum, tier) => sum + (tierIsMet(tier, tally) ? tier.chances : 0), 0);
}
