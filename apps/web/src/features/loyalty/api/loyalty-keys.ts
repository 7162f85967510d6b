/** Query keys of the VIP, rebate and missions pages. */
export const loyaltyKeys = {
  vipMe: ['loyalty', 'vip', 'me'] as const,
  vipLevels: ['loyalty', 'vip', 'levels'] as const,
  rebatePending: ['loyalty', 'rebate', 'pending'] as const,
  rebateHistory: (pageNo: number) => ['loyalty', 'rebate', 'history', pageNo] as const,
  rebate: ['loyalty', 'rebate'] as const,
  missions: ['loyalty', 'missions'] as const,
  leaderboard: (which: 'CURRENT' | 'PREVIOUS') => ['loyalty', 'leaderboard', which] as const,
};
