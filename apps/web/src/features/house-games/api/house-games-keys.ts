/** Query keys of the in-house games, shared by the queries and the mutations that refresh them. */
export const houseGamesKeys = {
  slotTitles: ['house-games', 'slot-titles'] as const,
  fairness: ['house-games', 'fairness'] as const,
  slotRounds: (titleId: string) => ['house-games', 'slot-rounds', titleId] as const,
  slotRoundVerify: (roundId: string) => ['house-games', 'slot-round-verify', roundId] as const,
  openedIssues: (gameCode: string) => ['house-games', 'opened-issues', gameCode] as const,
  recentResults: (gameCode: string) => ['house-games', 'recent-results', gameCode] as const,
  lotteryTickets: (gameCode: string) => ['house-games', 'lottery-tickets', gameCode] as const,
  issueVerify: (issueId: string) => ['house-games', 'issue-verify', issueId] as const,
  originalRounds: ['house-games', 'original-rounds'] as const,
  originalRoundVerify: (roundId: string) => ['house-games', 'original-round-verify', roundId] as const,
};

/** The header's balance comes from member info; a spin or a ticket refreshes it by this key. */
export const MEMBER_INFO_KEY = ['member', 'info'] as const;

/** The wallet's balance query (features do not import each other, so the key is spelled here). */
export const WALLET_BALANCE_KEY = ['wallet', 'balance'] as const;
