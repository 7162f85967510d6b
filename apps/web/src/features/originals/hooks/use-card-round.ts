import type { CardOriginalGame } from '@kismat/contracts/originals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useOriginalRounds } from '../api/get-original-rounds';
import { addChip, type CardSlip, doubleSlip, isSlipValid, slipStakes, slipTotal } from '../utils/card-slip';
import type { OriginalRound, PlayValue } from '../utils/originals-types';
import { toMinor } from '../utils/stake';
import { useOriginalSession } from './use-original-session';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * What every card game's screen shares: the slip (chips on bets, clear, rebet, double), the deal
 * call with its idempotency key, the balance shown while the cards are dealt, and the reveal
 * after `revealMs(round)` (the deal animation's length) with the win or lose sound.
 */
export function useCardRound(
  game: CardOriginalGame,
  deal: (input: { stakes: Record<string, string>; idempotencyKey: string }) => Promise<PlayValue>,
  revealMs: (round: OriginalRound) => number,
) {
  const { t } = useTranslation();
  const session = useOriginalSession(game);
  const rounds = useOriginalRounds(game);
  const [chip, setChip] = useState<bigint>(100n);
  const [slip, setSlip] = useState<CardSlip>({});
  const [lastSlip, setLastSlip] = useState<CardSlip>({});
  const [last, setLast] = useState<OriginalRound | null>(null);
  const [isDealing, setIsDealing] = useState(false);
  const [isRevealed, setIsRevealed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const limits = session.limits;
  const total = slipTotal(slip);
  const canDeal = session.isReady && isSlipValid(slip, limits) && !isDealing;

  const run = async () => {
    if (!canDeal || session.balance === null) return;
    setError(null);
    setIsDealing(true);
    setIsRevealed(false);
    session.sound.play('tick');
    session.setShownBalance(session.balance - total);
    try {
      const answer = await deal({ stakes: slipStakes(slip), idempotencyKey: newIdempotencyKey() });
      setLast(answer.round);
      setLastSlip(slip);
      setSlip({});
      await wait(revealMs(answer.round));
      setIsRevealed(true);
      session.setShownBalance(toMinor(answer.balance));
      session.sound.play(toMinor(answer.round.payout) > 0n ? 'win' : 'lose');
    } catch (dealError) {
      session.setShownBalance(null);
      setError(dealError instanceof Error ? dealError.message : t('originals.errors.generic'));
    } finally {
      setIsDealing(false);
      await session.refresh();
    }
  };

  const paid = last ? toMinor(last.payout) : 0n;
  // A bet "wins" on the table when it paid more than its stake back.
  const winningBets = new Set(
    isRevealed ? (last?.cards?.bets ?? []).filter((bet) => toMinor(bet.payout) > toMinor(bet.stake)).map((bet) => bet.bet) : [],
  );
  // After a deal the spots keep showing the slip that was dealt until the next chip.
  const shownSlip = isDealing || (last && total === 0n) ? lastSlip : slip;

  return {
    session,
    rounds,
    chip,
    setChip,
    slip,
    total,
    shownSlip,
    canDeal,
    isDealing,
    isRevealed,
    last,
    paid,
    winningBets,
    error,
    run,
    place: (bet: string) => {
      setSlip((current) => addChip(current, bet, chip, limits));
      session.sound.play('tick');
    },
    clear: () => setSlip({}),
    canRebet: !isDealing && slipTotal(lastSlip) > 0n,
    rebetOrDouble: () => setSlip(total === 0n ? (slipTotal(lastSlip) <= limits.balanceMinor ? lastSlip : slip) : doubleSlip(slip, limits)),
  };
}

export type CardRoundState = ReturnType<typeof useCardRound>;
