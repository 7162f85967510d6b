/** Query keys of the crash screen, shared by its queries, mutations and the /ws feed. */
export const crashKeys = {
  state: ['crash', 'state'] as const,
  myBets: ['crash', 'my-bets'] as const,
};

/** The header's balance comes from member info; a bet or a cash-out refreshes it by this key. */
export const MEMBER_INFO_KEY = ['member', 'info'] as const;
/** The wallet's balance query (features do not import each other, so the key is spelled here). */
export const WALLET_BALANCE_KEY = ['wallet', 'balance'] as const;
