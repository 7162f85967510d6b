/*
 * The VIP module's public face (docs/loyalty.md "VIP"): the 'vip' fact engine, the VIP job,
 * a member's level and perks (rebates read the rank, the cashier the withdrawal limits), the
 * member-state provider the registry hands to member, and the seed. Files outside modules/vip/
 * import only this file; vip never imports the cashier (the cashier calls vip).
 */
export { applyVipUpgrades } from './apply-vip-upgrades';
export { createVipEngine } from './create-vip-engine';
export { getVipWithdrawalLimits } from './get-vip-perks';
export { listMemberIdsAtRanks } from './list-member-ids-at-ranks';
export { presentVipState } from './present-vip-state';
export { payBirthdayBonuses, payMonthlyBonuses, reviewVipRetention, runVipReview, vipReviewJob } from './run-vip-review';
export { seedVip } from './seed-vip';
export { getMemberVipLevel, type VipLevelRow, vipLevelsOf } from './vip-queries';
