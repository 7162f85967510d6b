import type { CrashFeedBet, CrashPush, CrashRound } from '@kismat/contracts/crash';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openSiteSocket } from '@/lib/site-socket';
import { crashKeys } from '../api/crash-keys';
import type { CrashStateValue } from '../api/get-crash-state';

const RECONNECT_MS = 3_000;

function isCrashPush(message: unknown): message is CrashPush {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'crash';
}

/** A bet pushed by the server merged into the feed (same id replaced, new ones first). */
export function mergeBet(bets: readonly CrashFeedBet[], bet: CrashFeedBet): CrashFeedBet[] {
  const index = bets.findIndex((existing) => existing.betId === bet.betId);
  if (index === -1) return [bet, ...bets];
  const next = [...bets];
  next[index] = { ...bet, isMine: bets[index]?.isMine ?? false };
  return next;
}

/**
 * The crash round's live feed over /ws: a socket of its own that subscribes to the merchant's
 * crash topic (no token: rounds and the masked bets are public), every push applied to the
 * state query, reopened after a drop. A round push of a new round (or a phase change) reloads
 * the state; a bet push updates the feed and, when it is the member's (an auto cash-out paid),
 * their bet. `onRound` and `onMyBet` let the screen play sounds.
 */
export function useCrashFeed(handlers: { onRound?: (round: CrashRound) => void; onMyBet?: (bet: CrashFeedBet) => void } = {}): void {
  const queryClient = useQueryClient();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const apply = (push: CrashPush) => {
      const state = queryClient.getQueryData<CrashStateValue>(crashKeys.state);
      if (push.event === 'round') {
        if (state && state.round.roundId === push.round.roundId) {
          queryClient.setQueryData<CrashStateValue>(crashKeys.state, {
            ...state,
            round: push.round,
            serverTime: push.serverTime,
            receivedAt: Date.now(),
          });
        }
        handlersRef.current.onRound?.(push.round);
        void queryClient.invalidateQueries({ queryKey: crashKeys.state });
        if (push.round.phase === 'CRASHED') void queryClient.invalidateQueries({ queryKey: crashKeys.myBets });
        return;
      }
      if (!state || state.round.roundId !== push.bet.roundId) return;
      const isMine = state.myBet?.betId === push.bet.betId;
      const myBet = isMine ? { ...push.bet, isMine: true } : state.myBet;
      queryClient.setQueryData<CrashStateValue>(crashKeys.state, { ...state, bets: mergeBet(state.bets, { ...push.bet, isMine }), myBet });
      if (isMine && myBet) handlersRef.current.onMyBet?.(myBet);
    };
    return openSiteSocket({
      hello: () => ({ subscribe: 'crash' }),
      onMessage: (message) => {
        if (isCrashPush(message)) apply(message);
      },
      retryAfter: () => RECONNECT_MS,
    });
  }, [queryClient]);
}
