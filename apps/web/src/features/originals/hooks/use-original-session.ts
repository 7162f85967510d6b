import type { OriginalGame } from '@kismat/contracts/originals';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { usePlayPauseStore } from '@/stores/play-pause-store';
import { useSessionStore } from '@/stores/session-store';
import { useFairness } from '../api/get-fairness';
import { useOriginalsConfig } from '../api/get-originals-config';
import { MEMBER_INFO_KEY, originalsKeys, WALLET_BALANCE_KEY } from '../api/originals-keys';
import { useSetClientSeed } from '../api/set-client-seed';
import { createClientSeed, isStakeValid, parseStake, type StakeLimits, toMinor, toMoneyString } from '../utils/stake';
import { useSound } from './use-sound';

/**
 * What every original's screen shares: the merchant's limits, the balance the stake comes from
 * (play money for a trial player), the stake field, the seed pair (a client seed from this
 * browser is set before the first round), the sound, and the refresh after a round.
 */
export function useOriginalSession(game: OriginalGame) {
  const queryClient = useQueryClient();
  const config = useOriginalsConfig();
  const fairness = useFairness();
  const setClientSeed = useSetClientSeed();
  const sound = useSound();
  const memberBalance = useSessionStore((state) => (state.member?.isTrial ? state.member.trialBalance : state.member?.balance));
  const isPaused = usePlayPauseStore((state) => state.isPaused);
  const [shownBalance, setShownBalance] = useState<bigint | null>(null);
  const [stakeText, setStakeText] = useState('1.00');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per loaded pair without a chosen seed.
  useEffect(() => {
    if (fairness.data && !fairness.data.isClientSeedChosen && setClientSeed.isIdle) setClientSeed.mutate(createClientSeed());
  }, [fairness.data]);

  const balance = shownBalance ?? (memberBalance ? toMinor(memberBalance) : null);
  const limits: StakeLimits = useMemo(
    () => ({
      minMinor: config.data ? toMinor(config.data.minStake) : 100n,
      maxMinor: config.data ? toMinor(config.data.maxStake) : 100n,
      balanceMinor: balance ?? 0n,
    }),
    [config.data, balance],
  );
  const stakeMinor = parseStake(stakeText);
  const isStakeOk = isStakeValid(stakeMinor, limits);
  const isReady = Boolean(config.data && fairness.data?.isClientSeedChosen && balance !== null) && !isPaused;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: originalsKeys.fairness }),
      queryClient.invalidateQueries({ queryKey: originalsKeys.rounds(game) }),
      queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
      queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY }),
    ]);

  return {
    config,
    fairness,
    setClientSeedError: setClientSeed.error,
    sound,
    balance,
    setShownBalance,
    limits,
    stakeText,
    setStakeText,
    setStakeMinor: (minor: bigint) => setStakeText(toMoneyString(minor)),
    stakeMinor,
    isStakeOk,
    isReady,
    refresh,
  };
}
