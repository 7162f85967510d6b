import type { CardRound } from '@kismat/contracts/originals';
import { formatAmount } from '@kismat/contracts/wallet';
import { settleCardGame } from '@kismat/game-math/originals/card-games';
import { type OriginalRoundRow, presentCardBets } from './present-original-round';
import { decideByOf, type TeenPattiOutcome, teenPattiStakesOf } from './teen-patti-rules';

/**
 * A Teen Patti round as the player sees it. While it is OPEN only the player's three cards and
 * hand show: the dealer's cards, hand and the winner stay in the row (the member decides Play or
 * Fold without them), no bet is settled yet. Settled: every card, the decision, and each bet
 * (ANTE, PLAY when played, PAIR_PLUS) as game-math settles it on the stored deal (their sum is the
 * round's payout, which the ledger paid).
 */
export function presentTeenPatti(row: OriginalRoundRow): CardRound {
  const deal = row.outcome as TeenPattiOutcome;
  const stakes = teenPattiStakesOf(row);
  const isOpen = row.status === 'OPEN';
  const played = deal.decision === 'PLAY' ? stakes.ANTE : 0n;
  const bets = isOpen ? [] : settleCardGame('TEEN_PATTI', deal, { ...stakes, PLAY: played }).bets;
  return {
    bets: presentCardBets(bets),
    dragonTiger: null,
    andarBahar: null,
    teenPatti: {
      player: [...deal.player],
      playerHand: deal.playerHand,
      dealer: isOpen ? [] : [...deal.dealer],
      dealerHand: isOpen ? null : deal.dealerHand,
      dealerQualifies: isOpen ? null : deal.dealerQualifies,
      winner: isOpen ? null : deal.winner,
      ante: formatAmount(stakes.ANTE),
      pairPlus: formatAmount(stakes.PAIR_PLUS),
      decision: deal.decision ?? null,
      decidedBy: deal.decidedBy ?? null,
      decideBy: isOpen ? decideByOf(row).toISOString() : null,
    },
  };
}
