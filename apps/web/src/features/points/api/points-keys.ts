/** Query keys of the points mall; a redemption or conversion refreshes all of them. */
export const pointsKeys = {
  all: ['points'] as const,
  balance: ['points', 'balance'] as const,
  rewards: ['points', 'rewards'] as const,
  config: ['points', 'config'] as const,
  redemptions: (pageNo: number) => ['points', 'redemptions', pageNo] as const,
};
