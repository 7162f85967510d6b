/*
 * The member site's promotion calls, apart from the promotion schemas (promotions.ts re-exports
 * them): a page that only calls one of them, as the wallet does for the deposit bonus preview and
 * the turnover left, does not evaluate every promotion schema when it loads (issue 16 item 6).
 */
export const PROMOTION_PATHS = {
  /** Visitors (no token): live promotions with their copy. */
  publicList: '/wps/promotions/public',
  /** Member: live promotions with my eligibility, state and progress. */
  list: '/wps/promotions',
  detail: '/wps/promotions/:id',
  /** CLAIM mode: idempotent per (promotion, member, period). */
  claim: '/wps/promotions/:id/claim',
  /** What a deposit of `amount` would earn now (FIRST_DEPOSIT / RELOAD). */
  depositPreview: '/wps/promotions/deposit-preview',
  /** Every turnover requirement of mine (bonus details page). */
  bonusDetails: '/wps/promotions/bonus-details',
  /** Claimable, claimed and expired rewards (reward centre). */
  rewardCenter: '/wps/promotions/reward-center',
  /** Give up an active promotion bonus: the unspent bonus goes back, the requirement ends. */
  forfeit: '/wps/promotions/requirements/:id/forfeit',
} as const;
