/*
 * The promotions module's public face (docs/promotions.md): awards (the one way money leaves
 * PROMOTION_COST), turnover requirements and their engine, the withdrawal gate and the max-bet
 * check the game paths call, and the hooks promotion kinds register. Files outside
 * modules/promotions/ import only this file (modules/boundaries.test.ts checks it).
 */

export { expectedRedEnvelopeCost } from '@kismat/game-math/promotions/red-envelope';
export type { NewRequirement } from './add-turnover-requirement';
export { addTurnoverRequirement } from './add-turnover-requirement';
export type { AwardPromotionInput, AwardPromotionResult } from './award-promotion';
export { awardPromotion } from './award-promotion';
export { memberDayTalliesEngine, readDayTally, siteDayOf } from './campaign-day-tallies';
export { isInAudience } from './check-audience';
export { assertNoBonusTurnoverLeft } from './check-transfer-turnover';
export type { WithdrawalTurnoverInput } from './check-withdrawal-turnover';
export {
  assertWithinPromotionMaxBet,
  checkWithdrawalTurnover,
  findPromotionMaxBet,
  promotionMaxBetSql,
  refuseAbovePromotionMaxBet,
} from './check-withdrawal-turnover';
export type { EndRequirementResult, EndStatus } from './end-requirement';
export { endRequirement } from './end-requirement';
export { expireDueRequirements, expireRequirementsJob } from './expire-requirements';
export type { KindMemberState, PromotionKindHooks } from './kind-hooks';
export { registerPromotionKind } from './kind-hooks';
export { countAvailablePromotions, listMemberPromotions } from './member-promotion-state';
export { membersPayingOffPromotion } from './members-paying-off-promotion';
export { findPromotion, isWithinWindow, listLivePromotions, textIn } from './promotion-queries';
export { applyBasisPoints, contributionOf, expectedPrizeOf, limitPeriodOf, rewardAmountOf, turnoverOf } from './promotion-rules';
export { isReferralLive, recordReferral, resolveReferralCode } from './referral-codes';
export { seedDemoDepositPromotions } from './seed-deposit-promotions';
export { seedDemoPromotionCampaigns } from './seed-promotion-campaigns';
export { createTurnoverEngine, DEFAULT_DEPOSIT_TURNOVER_BP, readTurnoverLeft } from './turnover-engine';
