import type { CardRound, OriginalGame, OriginalRound } from '@kismat/contracts/originals';
import { formatAmount } from '@kismat/contracts/wallet';
import { isCardGame, settleCardGame } from '@kismat/game-math/originals/card-games';
import type { DiceDirection } from '@kismat/game-math/originals/dice';
import { formatMultiplier } from '@kismat/game-math/originals/house-edge';
import { MINES_TILES, minesMultiplier } from '@kismat/game-math/originals/mines';
import type { PlinkoRisk } from '@kismat/game-math/originals/plinko';
import type { originalRounds } from '../../db/schema/originals';
import { decideByOf, type TeenPattiOutcome, teenPattiStakesOf } from './teen-patti-rules';

export type OriginalRoundRow = typeof originalRounds.$inferSelect;

export interface DiceParams {
  direction: DiceDirection;
  chance: number;
}
export interface MinesParams {
  mineCount: number;
}
export interface PlinkoParams {
  rows: number;
  risk: PlinkoRisk;
}
export interface PlinkoOutcome {
  path: number[];
  slot: number;
}
export interface DiceOutcome {
  roll: number;
}
export interface MinesOutcome {
  mineTiles: number[];
}

/** The picks of a row (jsonb array of tile numbers). */
export function picksOf(row: Pick<OriginalRoundRow, 'picks'>): number[] {
  return Array.isArray(row.picks) ? (row.picks as number[]) : [];
}

/**
 * A round as the player sees it. An open mines round never shows its mines (the row holds them:
 * they were fixed from the nonce when it opened); its multiplier is what a cash-out pays now.
 */
export function presentOriginalRound(row: OriginalRoundRow, seed: { commitment: string }): OriginalRound {
  const isOpen = row.status === 'OPEN';
  const game = row.game as OriginalGame;
  let mines: OriginalRound['mines'] = null;
  let multiplier = row.multiplier;
  if (game === 'MINES') {
    const { mineCount } = row.params as MinesParams;
    const picks = picksOf(row);
    const safe = isOpen ? picks.length : picks.filter((tile) => !(row.outcome as MinesOutcome).mineTiles.includes(tile)).length;
    if (isOpen) multiplier = safe > 0 ? minesMultiplier(mineCount, safe, row.houseEdgeBp) : 0;
    const hasNext = isOpen && safe + 1 <= MINES_TILES - mineCount;
    mines = {
      mineCount,
      picks,
      mineTiles: isOpen ? [] : [...(row.outcome as MinesOutcome).mineTiles],
      nextMultiplier: hasNext ? formatMultiplier(minesMultiplier(mineCount, safe + 1, row.houseEdgeBp)) : null,
    };
  }
  const dice = game === 'DICE' ? { ...(row.params as DiceParams), roll: (row.outcome as DiceOutcome).roll } : null;
  const plinko = game === 'PLINKO' ? { ...(row.params as PlinkoParams), ...(row.outcome as PlinkoOutcome) } : null;
  return {
    roundId: String(row.id),
    game,
    status: row.status as OriginalRound['status'],
    stake: formatAmount(row.stakeMinor),
    payout: formatAmount(row.payoutMinor),
    multiplier: formatMultiplier(multiplier),
    isTrial: row.isTrial,
    houseEdgeBp: row.houseEdgeBp,
    dice,
    mines,
    plinko,
    cards: presentCards(row),
    commitment: seed.commitment,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    openedAt: row.openedAt.toISOString(),
    settledAt: row.settledAt ? row.settledAt.toISOString() : null,
  };
}

/** A card round's settled bets in the answer's units. */
export function presentCardBets(bets: ReturnType<typeof settleCardGame>['bets']): CardRound['bets'] {
  return bets.map((bet) => ({
    bet: bet.bet,
    stake: formatAmount(bet.stakeMinor),
    multiplier: formatMultiplier(bet.multiplier),
    payout: formatAmount(bet.payoutMinor),
  }));
}

/**
 * A card round's bets as settled on its stored deal (game-math settles them again: the sum is
 * the round's payout, which the ledger paid) and the deal itself.
 */
function presentCards(row: OriginalRoundRow): OriginalRound['cards'] {
  const game = row.game;
  if (!isCardGame(game)) return null;
  if (game === 'TEEN_PATTI') return presentTeenPatti(row);
  const deal = row.outcome as Record<string, unknown>;
  const stakes = Object.fromEntries(Object.entries(row.params as Record<string, string>).map(([bet, stake]) => [bet, BigInt(stake)]));
  const { bets } = settleCardGame(game, deal, stakes);
  return {
    bets: presentCardBets(bets),
    dragonTiger: game === 'DRAGON_TIGER' ? (deal as unknown as NonNullable<CardRound['dragonTiger']>) : null,
    andarBahar: game === 'ANDAR_BAHAR' ? (deal as unknown as NonNullable<CardRound['andarBahar']>) : null,
    teenPatti: null,
  };
}

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
