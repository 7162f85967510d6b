import type { OriginalGame } from '@kismat/contracts/originals';

/** Query keys of the originals' screens. */
export const originalsKeys = {
  config: ['originals', 'config'] as const,
  fairness: ['originals', 'fairness'] as const,
  rounds: (game: OriginalGame) => ['originals', 'rounds', game] as const,
  openMines: ['originals', 'mines-open'] as const,
};

/** The header's balance comes from member info; a round refreshes it by this key (features do not import each other). */
export const MEMBER_INFO_KEY = ['member', 'info'] as const;
/** The wallet's balance query, spelled here for the same reason. */
export const WALLET_BALANCE_KEY = ['wallet', 'balance'] as const;
