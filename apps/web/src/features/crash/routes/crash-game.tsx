import { formatAmount } from '@kismat/contracts/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { amountTextToMinor } from '@/lib/money-form';
import { useCashOutCrashBet } from '../api/cash-out-crash-bet';
import { crashKeys, MEMBER_INFO_KEY, WALLET_BALANCE_KEY } from '../api/crash-keys';
import { type CrashStateValue, useCrashState } from '../api/get-crash-state';
import { useMyCrashBets } from '../api/get-my-crash-bets';
import { type CrashBetValue, usePlaceCrashBet } from '../api/place-crash-bet';
import styles from '../components/crash.module.css';
import { CrashBetPanel, type CrashBetValues } from '../components/crash-bet-panel';
import { CrashCurve } from '../components/crash-curve';
import { CrashHistory } from '../components/crash-history';
import { CrashLiveBets } from '../components/crash-live-bets';
import { MyCrashBets } from '../components/my-crash-bets';
import { mergeBet, useCrashFeed } from '../hooks/use-crash-feed';
import { useCrashSound } from '../hooks/use-crash-sound';
import { localPhaseAt, serverOffsetMs } from '../utils/crash-clock';

/** /bgs?gameCode=kismat-crash: one shared round for everyone, the curve, the bet slip, the feed. */
export function CrashGameRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const state = useCrashState();
  const myBets = useMyCrashBets();
  const placeBet = usePlaceCrashBet();
  const cashOut = useCashOutCrashBet();
  const sound = useCrashSound();
  const [error, setError] = useState<string | null>(null);
  const [, rerender] = useState(0);
  const betKey = useRef(newIdempotencyKey());

  useCrashFeed({
    onRound: (round) => {
      if (round.phase === 'RUNNING') sound.play('launch');
      if (round.phase === 'CRASHED') sound.play('crash');
    },
    onMyBet: (bet) => {
      if (bet.status === 'CASHED') sound.play('cashOut');
      void refreshBalances();
    },
  });

  const data = state.data;
  const offset = data ? serverOffsetMs(data) : 0;
  const phase = data ? localPhaseAt(data.round, Date.now() + offset) : 'BETTING';
  // The button turns from "bet" to "cash out" when the curve starts: one render at that moment.
  useEffect(() => {
    if (!data || phase !== 'BETTING') return;
    const timer = window.setTimeout(
      () => rerender((count) => count + 1),
      Math.max(0, Date.parse(data.round.runningAt) - (Date.now() + offset)) + 20,
    );
    return () => window.clearTimeout(timer);
  }, [data, phase, offset]);

  const refreshBalances = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
      queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY }),
      queryClient.invalidateQueries({ queryKey: crashKeys.myBets }),
    ]);
  }, [queryClient]);

  const applyMine = (answer: CrashBetValue) => {
    const current = queryClient.getQueryData<CrashStateValue>(crashKeys.state);
    if (current && current.round.roundId === answer.bet.roundId) {
      queryClient.setQueryData<CrashStateValue>(crashKeys.state, {
        ...current,
        myBet: answer.bet,
        bets: mergeBet(current.bets, answer.bet),
        balance: answer.balance,
      });
    }
    void refreshBalances();
  };

  const onBet = async (values: CrashBetValues) => {
    if (!data) return;
    setError(null);
    try {
      const answer = await placeBet.mutateAsync({
        roundId: data.round.roundId,
        stake: formatAmount(values.stakeMinor),
        autoCashOut: values.autoCashOut,
        idempotencyKey: betKey.current,
      });
      betKey.current = newIdempotencyKey();
      sound.play('bet');
      applyMine(answer);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('crash.failed'));
      void state.refetch();
    }
  };

  const onCashOut = async () => {
    if (!data) return;
    setError(null);
    try {
      const answer = await cashOut.mutateAsync({ roundId: data.round.roundId });
      sound.play('cashOut');
      applyMine(answer);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t('crash.failed'));
      void state.refetch();
    }
  };

  // The cash-out button's amount follows the curve frame by frame (written, not rendered).
  const payoutElement = useRef<HTMLSpanElement | null>(null);
  const stakeRef = useRef<bigint>(0n);
  stakeRef.current = data?.myBet ? (amountTextToMinor(data.myBet.stake) ?? 0n) : 0n;
  const frameRef = useRef<((multiplier: number) => void) | null>(null);
  frameRef.current = (multiplier: number) => {
    if (payoutElement.current) payoutElement.current.textContent = formatMoney((stakeRef.current * BigInt(multiplier)) / 100n);
  };

  if (state.isPending) return <Spinner label={t('crash.loading')} isCentered />;
  if (!data) {
    return (
      <PageFrame title={t('crash.title')} icon="sparkle">
        <p className={styles.error} role="alert">
          {state.error instanceof Error ? state.error.message : t('crash.failed')}
        </p>
      </PageFrame>
    );
  }
  const cashOutAt = data.myBet?.status === 'CASHED' && data.myBet.cashOut ? Math.round(Number(data.myBet.cashOut) * 100) : null;
  return (
    <PageFrame
      title={t('crash.title')}
      subtitle={t('crash.subtitle', { rtp: ((10_000 - data.round.houseEdgeBp) / 100).toFixed(2) })}
      icon="sparkle"
    >
      <div className={styles.layout}>
        <div className={styles.main}>
          <div className={blocks.apart}>
            <span className={styles.balance} data-testid="crash-balance">
              {data.isTrial ? <span className={styles.trialBadge}>{t('crash.playMoney')}</span> : null}
              {formatMoney(data.balance)}
            </span>
            <button type="button" className={styles.soundButton} aria-pressed={sound.isOn} onClick={sound.toggle} data-testid="crash-sound">
              {sound.isOn ? t('crash.soundOn') : t('crash.soundOff')}
            </button>
          </div>
          <CrashHistory history={data.history} />
          <CrashCurve round={data.round} offsetMs={offset} cashOutAt={cashOutAt} frameRef={frameRef} />
          <CrashBetPanel
            phase={phase}
            myBet={data.myBet}
            limits={data.limits}
            isBusy={placeBet.isPending || cashOut.isPending}
            onBet={(values) => void onBet(values)}
            onCashOut={() => void onCashOut()}
            payoutRef={(element) => {
              payoutElement.current = element;
            }}
          />
          {error ? (
            <p className={styles.error} role="alert" data-testid="crash-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className={styles.side}>
          <CrashLiveBets bets={data.bets} />
          <MyCrashBets bets={myBets.data?.list ?? []} />
          <p className={styles.fairNote}>{t('crash.fairNote', { commitment: `${data.round.commitment.slice(0, 16)}…` })}</p>
        </div>
      </div>
    </PageFrame>
  );
}
