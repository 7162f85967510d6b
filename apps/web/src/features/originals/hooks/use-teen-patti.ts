import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useOriginalRounds } from '../api/get-original-rounds';
import { dealTeenPatti, decideTeenPatti, useOpenTeenPatti } from '../api/teen-patti';
import { type CardSlip, slipTotal } from '../utils/card-slip';
import type { OriginalRound } from '../utils/originals-types';
import { toMinor, toMoneyString } from '../utils/stake';
import { useOriginalSession } from './use-original-session';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));
/** The player's three cards land one after another; the dealer's turn over the same way. */
export const TEEN_PATTI_CARD_GAP_MS = 260;
export const TEEN_PATTI_CARD_MS = 520;
const REVEAL_MS = 2 * TEEN_PATTI_CARD_GAP_MS + TEEN_PATTI_CARD_MS;

/**
 * The Teen Patti screen's state: the slip (ANTE, PAIR_PLUS) built with chips, the deal (first
 * step), the open hand waiting for Play or Fold (resumed from the server after a reload), the
 * decision with its own idempotency key (a double tap or a retry is one decision), and the reveal
 * with the win or lose sound. A played round's stake is ante x 2 + Pair Plus, so the slip keeps
 * 2 x ante + Pair Plus within the table maximum and the ante affordable twice.
 */
export function useTeenPatti() {
  const { t } = useTranslation();
  const session = useOriginalSession('TEEN_PATTI');
  const rounds = useOriginalRounds('TEEN_PATTI');
  const open = useOpenTeenPatti();
  const [chip, setChip] = useState<bigint>(100n);
  const [slip, setSlip] = useState<CardSlip>({});
  const [lastSlip, setLastSlip] = useState<CardSlip>({});
  const [round, setRound] = useState<OriginalRound | null>(null);
  const [phase, setPhase] = useState<'BETTING' | 'DEALING' | 'DECIDING' | 'SETTLING' | 'SETTLED'>('BETTING');
  const [error, setError] = useState<string | null>(null);
  const decisionKey = useRef<string | null>(null);

  // A hand left open (a reload, a lost connection, a server restart) comes back with its choice.
  useEffect(() => {
    const resumed = open.data?.round;
    if (resumed && round === null) {
      setRound(resumed);
      setPhase('DECIDING');
    }
  }, [open.data, round]);

  const ante = slip.ANTE ?? 0n;
  const pairPlus = slip.PAIR_PLUS ?? 0n;
  const limits = session.limits;
  /** A slip fits when the whole hand, played (2 x ante + Pair Plus), is within the table maximum and the balance. */
  const fits = (next: CardSlip) => {
    const played = 2n * (next.ANTE ?? 0n) + (next.PAIR_PLUS ?? 0n);
    return played <= limits.maxMinor && played <= limits.balanceMinor;
  };
  const isPairPlusOk = pairPlus === 0n || pairPlus >= limits.minMinor;
  const canDeal = session.isReady && (phase === 'BETTING' || phase === 'SETTLED') && ante >= limits.minMinor && isPairPlusOk && fits(slip);

  const fail = (playError: unknown) => {
    session.setShownBalance(null);
    setError(playError instanceof Error ? playError.message : t('originals.errors.generic'));
  };

  const deal = async () => {
    if (!canDeal || session.balance === null) return;
    setError(null);
    setPhase('DEALING');
    session.sound.play('tick');
    session.setShownBalance(session.balance - slipTotal(slip));
    try {
      const answer = await dealTeenPatti({
        ante: toMoneyString(ante),
        ...(pairPlus > 0n ? { pairPlus: toMoneyString(pairPlus) } : {}),
        idempotencyKey: newIdempotencyKey(),
      });
      decisionKey.current = null;
      setRound(answer.round);
      setLastSlip(slip);
      setSlip({});
      session.setShownBalance(toMinor(answer.balance));
      // The header's balance drops with the ante now, not only when the hand settles.
      void session.refresh();
      await wait(REVEAL_MS);
      // A replayed deal (same key) may already be settled: show it as such.
      setPhase(answer.round.status === 'OPEN' ? 'DECIDING' : 'SETTLED');
    } catch (dealError) {
      fail(dealError);
      setPhase('BETTING');
      await open.refetch();
    }
  };

  const decide = async (decision: 'PLAY' | 'FOLD') => {
    if (!round || phase !== 'DECIDING') return;
    setError(null);
    setPhase('SETTLING');
    session.sound.play('tick');
    decisionKey.current ??= newIdempotencyKey();
    try {
      const answer = await decideTeenPatti({ roundId: round.roundId, decision, idempotencyKey: decisionKey.current });
      setRound(answer.round);
      await wait(REVEAL_MS);
      setPhase('SETTLED');
      session.setShownBalance(toMinor(answer.balance));
      session.sound.play(toMinor(answer.round.payout) > 0n ? 'win' : 'lose');
    } catch (decideError) {
      fail(decideError);
      // Refused (a short balance for the play stake) leaves the hand open; settled elsewhere shows it settled.
      decisionKey.current = null;
      const fresh = await open.refetch();
      if (fresh.data?.round) setPhase('DECIDING');
      else {
        setRound(null);
        setPhase('BETTING');
      }
    } finally {
      await session.refresh();
      await open.refetch();
    }
  };

  const paid = round && phase === 'SETTLED' ? toMinor(round.payout) : 0n;
  const isBusy = phase === 'DEALING' || phase === 'SETTLING';
  return {
    session,
    rounds,
    chip,
    setChip,
    slip,
    lastSlip,
    ante,
    pairPlus,
    total: slipTotal(slip),
    round,
    phase,
    isBusy,
    paid,
    error,
    canDeal,
    deal,
    decide,
    place: (bet: 'ANTE' | 'PAIR_PLUS') => {
      // The next deal starts from a clean table.
      if (phase === 'SETTLED') setPhase('BETTING');
      setSlip((current) => {
        const next = { ...current, [bet]: (current[bet] ?? 0n) + chip };
        return fits(next) ? next : current;
      });
      session.sound.play('tick');
    },
    clear: () => setSlip({}),
    canRebet: !isBusy && phase !== 'DECIDING' && slipTotal(lastSlip) > 0n,
    rebet: () => {
      if (phase === 'SETTLED') setPhase('BETTING');
      setSlip(lastSlip);
    },
  };
}

export type TeenPattiState = ReturnType<typeof useTeenPatti>;
