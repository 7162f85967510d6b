/*
 * The rebates module's public face (docs/loyalty.md "Rebates"): the 'rebates' fact engine, the
 * automatic daily rebate job, the ports other modules fill in through the route registry, the
 * seed of the default table and the site-time helpers missions share.
 */
export { claimRebate } from './claim-rebate';
export { getPendingRebate } from './get-pending-rebate';
export { payAutoDailyRebates } from './pay-auto-daily-rebates';
export type { LoyaltyPorts, TurnoverRequirementInput, VipLevelView } from './ports';
export { minOf } from './rebate-allocation';
export { createRebateEngine, rebateCategoryOf } from './rebate-engine';
export { rebateJobs } from './rebate-jobs';
export { DEFAULT_REBATE_TABLE, seedRebateTable } from './seed-rebate-table';
export { addDays, dayStartUtc, localDayOf, localHourOf, weekStartOf } from './site-time';
export { jsonRows } from './sql-rows';
