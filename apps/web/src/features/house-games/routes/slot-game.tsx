import { findSlotTitle } from '@kismat/game-math/slots/slot-titles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { usePlayPauseStore } from '@/stores/play-pause-store';
import { useSessionStore } from '@/stores/session-store';
import { useFairness } from '../api/get-fairness';
import { useSlotRounds } from '../api/get-slot-rounds';
import { useSlotTitles } from '../api/get-slot-titles';
import { houseGamesKeys, MEMBER_INFO_KEY, WALLET_BALANCE_KEY } from '../api/house-games-keys';
import { useSetClientSeed } from '../api/set-client-seed';
import { useSpinSlot } from '../api/spin-slot';
import { BetSelector } from '../components/bet-selector';
import { FairnessPanel } from '../components/fairness-panel';
import { RoundHistory } from '../components/round-history';
import styles from '../components/slot-panels.module.css';
import { SlotPaytable } from '../components/slot-paytable';
import { SlotReels } from '../components/slot-reels';
import { canAffordBet, clampBetIndex } from '../utils/bet-levels';
import { createClientSeed } from '../utils/client-seed';
import { useHouseGameNames } from '../utils/game-names';
import type { SlotRound, WireLineWin } from '../utils/house-games-types';
import { toMinor, toMoneyString } from '../utils/money';

/** The spec's default: a spin shows its reels moving for at least 2.5 s. */
export const DEFAULT_MIN_SPIN_MS = 2500;
const REEL_STOP_GAP_MS = 160;
const FREE_SPIN_MS = 900;

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

function openingReels(strips: readonly (readonly string[])[]): string[][] {
  return strips.map((strip) => [strip[0] ?? '', strip[1] ?? '', strip[2] ?? '']);
}

interface SlotGameProps {
  /** Autoplay is off unless the merchant enables it. */
  isAutoplayAllowed?: boolean;
  minSpinMs?: number;
}

/** /bgs?gameCode=<title>: one in-house slot title. */
export function SlotGameRoute({ isAutoplayAllowed = false, minSpinMs = DEFAULT_MIN_SPIN_MS }: SlotGameProps) {
  const { t } = useTranslation();
  const names = useHouseGameNames();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode') ?? '';
  const titles = useSlotTitles();
  const info = titles.data?.titles.find((item) => item.gameCode === gameCode || item.titleId === gameCode);
  const title = findSlotTitle(info?.titleId ?? gameCode);
  const titleId = title?.id ?? '';
  const queryClient = useQueryClient();
  const fairness = useFairness();
  const rounds = useSlotRounds(titleId, Boolean(title));
  // A trial player plays with play money: that is the balance a spin is paid from (issue 12).
  const memberBalance = useSessionStore((state) => (state.member?.isTrial ? state.member.trialBalance : state.member?.balance));
  const spin = useSpinSlot();
  const setClientSeed = useSetClientSeed();
  // A seed pair the player never chose a client seed for has the server's default, which proves
  // nothing (the server knew its own seed when it picked it): the browser sets a random one of
  // its own first. The server seed stays the one committed before; spins wait for it.
  const hasOwnClientSeed = fairness.data?.isClientSeedChosen === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per loaded pair without a chosen seed.
  useEffect(() => {
    if (fairness.data && !fairness.data.isClientSeedChosen && setClientSeed.isIdle) setClientSeed.mutate(createClientSeed());
  }, [fairness.data]);

  const levels = useMemo(() => (info?.betLevels ?? []).map(toMinor), [info]);
  const [betIndex, setBetIndex] = useState(0);
  const [reels, setReels] = useState<string[][]>(() => openingReels(title?.baseReels ?? []));
  const [lineWins, setLineWins] = useState<readonly WireLineWin[]>([]);
  const [isSpinning, setIsSpinning] = useState(false);
  const [stoppedCount, setStoppedCount] = useState(0);
  const [lastWin, setLastWin] = useState<bigint | null>(null);
  const [freeSpin, setFreeSpin] = useState<{ played: number; total: number } | null>(null);
  const [shownBalance, setShownBalance] = useState<bigint | null>(null);
  const [isAutoplay, setIsAutoplay] = useState(false);
  const [isPaytableOpen, setIsPaytableOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the opening grid follows the title only.
  useEffect(() => {
    if (title && !isSpinning) setReels(openingReels(title.baseReels));
  }, [title]);

  const balance = shownBalance ?? (memberBalance ? toMinor(memberBalance) : null);
  const index = clampBetIndex(levels, betIndex);
  const bet = levels[index] ?? 0n;
  const isReady = Boolean(info && title && balance !== null);
  const canPay = balance !== null && canAffordBet({ levels, index, balanceMinor: balance });
  // A reality check waiting for an answer pauses play (issue 17).
  const isPaused = usePlayPauseStore((state) => state.isPaused);
  const canSpin = isReady && hasOwnClientSeed && !isSpinning && canPay && !isPaused;

  const play = async (round: SlotRound, startedAt: number) => {
    await wait(Math.max(0, minSpinMs - (performance.now() - startedAt)));
    setReels(round.base.reels);
    for (let reel = 1; reel <= 5; reel += 1) {
      setStoppedCount(reel);
      await wait(REEL_STOP_GAP_MS);
    }
    setIsSpinning(false);
    setLineWins(round.base.lineWins);
    let paid = toMinor(round.base.payout);
    if (round.freeSpins.length > 0) {
      setLastWin(paid);
      setFreeSpin({ played: 0, total: round.freeSpins.length });
      await wait(1200);
      for (const [position, free] of round.freeSpins.entries()) {
        if (!isMounted.current) return;
        setLineWins([]);
        setStoppedCount(0);
        setIsSpinning(true);
        await wait(FREE_SPIN_MS);
        setReels(free.reels);
        setIsSpinning(false);
        setLineWins(free.lineWins);
        paid += toMinor(free.payout);
        setFreeSpin({ played: position + 1, total: round.freeSpins.length });
        setLastWin(paid);
        await wait(700);
      }
    }
    setLastWin(toMinor(round.totalPayout));
  };

  const runSpin = async () => {
    if (!canSpin || balance === null || !title) return;
    setError(null);
    setLineWins([]);
    setLastWin(null);
    setFreeSpin(null);
    setStoppedCount(0);
    setIsSpinning(true);
    setShownBalance(balance - bet);
    const startedAt = performance.now();
    try {
      const answer = await spin.mutateAsync({ titleId: title.id, betLevel: toMoneyString(bet), idempotencyKey: newIdempotencyKey() });
      await play(answer.round, startedAt);
      if (isMounted.current) setShownBalance(toMinor(answer.balance));
    } catch (spinError) {
      setIsSpinning(false);
      setShownBalance(null);
      setIsAutoplay(false);
      setError(spinError instanceof Error ? spinError.message : t('houseGames.errors.generic'));
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: houseGamesKeys.fairness }),
        queryClient.invalidateQueries({ queryKey: houseGamesKeys.slotRounds(titleId) }),
        queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY }),
        queryClient.invalidateQueries({ queryKey: WALLET_BALANCE_KEY }),
      ]);
    }
  };

  // Autoplay only where the merchant enabled it; it stops as soon as a spin cannot be paid.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one spin per idle moment.
  useEffect(() => {
    if (!isAutoplay || !isAutoplayAllowed || isSpinning) return;
    if (!canSpin) {
      setIsAutoplay(false);
      return;
    }
    const timer = window.setTimeout(() => void runSpin(), 600);
    return () => window.clearTimeout(timer);
  }, [isAutoplay, isSpinning, canSpin]);

  if (titles.isPending) {
    return (
      <PageFrame title={t('houseGames.slot.loading')} icon="gamepad">
        <Spinner label={t('houseGames.slot.loading')} isCentered />
      </PageFrame>
    );
  }
  if (!title) {
    return (
      <PageFrame title={t('houseGames.slot.unknownTitle')} icon="gamepad">
        <EmptyState icon="gamepad" title={t('houseGames.slot.unknownTitle')} text={t('houseGames.slot.unknownText')} />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={info?.name ?? names.title(title.id, title.name)}
      subtitle={t('houseGames.slot.subtitle', { lines: title.paylines.length, rtp: title.declaredRtpPercent.toFixed(2) })}
      icon="gamepad"
    >
      <div className={styles.slotLayout}>
        <div className={styles.stage}>
          <SlotReels title={title} reels={reels} isSpinning={isSpinning} stoppedCount={stoppedCount} lineWins={lineWins} />
          <div className={styles.stats}>
            <div className={styles.stat}>
              <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('houseGames.slot.balance')}</span>
              <strong className={styles.statValue} data-testid="slot-balance">
                {balance === null ? '—' : formatMoney(balance)}
              </strong>
            </div>
            <div className={styles.stat}>
              <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('houseGames.slot.win')}</span>
              <strong className={`${styles.statValue} ${lastWin && lastWin > 0n ? styles.win : ''}`} data-testid="slot-win">
                {lastWin === null ? '—' : formatMoney(lastWin)}
              </strong>
            </div>
            <div className={styles.stat}>
              <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('houseGames.slot.freeSpins')}</span>
              <strong className={styles.statValue} data-testid="free-spins">
                {freeSpin ? t('houseGames.slot.freeSpinsCount', { played: freeSpin.played, total: freeSpin.total }) : '0'}
              </strong>
            </div>
          </div>
          {lineWins.length > 0 && !isSpinning ? (
            <ul className={`${blocks.wrapList} ${styles.lineWins}`} aria-label={t('houseGames.slot.winningLines')}>
              {lineWins.map((win) => (
                <li key={win.lineIndex}>
                  {t('houseGames.slot.lineWin', {
                    line: win.lineIndex + 1,
                    size: win.count,
                    symbol: names.symbol(
                      title.id,
                      win.symbol,
                      title.symbols.find((symbol) => symbol.id === win.symbol)?.name ?? win.symbol,
                    ),
                    amount: formatMoney(win.payout),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
          <div className={styles.controls}>
            <BetSelector
              levels={levels}
              index={index}
              balanceMinor={balance ?? 0n}
              isDisabled={isSpinning || isAutoplay}
              onChange={(next) => setBetIndex(clampBetIndex(levels, next))}
            />
            <Button
              variant="gold"
              size="large"
              className={styles.spinButton}
              disabled={!canSpin || isAutoplay}
              onClick={() => void runSpin()}
            >
              {isSpinning ? t('houseGames.slot.spinning') : t('houseGames.slot.spin')}
            </Button>
            <Button variant="outline" onClick={() => setIsPaytableOpen(true)} data-testid="slot-paytable-open">
              {t('houseGames.slot.paytable')}
            </Button>
            {isAutoplayAllowed ? (
              <Button variant="outline" onClick={() => setIsAutoplay((value) => !value)} aria-pressed={isAutoplay}>
                {isAutoplay ? t('houseGames.slot.stopAutoplay') : t('houseGames.slot.autoplay')}
              </Button>
            ) : null}
          </div>
          {isReady && !isSpinning && !canPay ? <p className={styles.error}>{t('houseGames.slot.notEnough')}</p> : null}
          {error || titles.error || setClientSeed.error ? (
            <p className={styles.error} role="alert">
              {error ?? titles.error?.message ?? setClientSeed.error?.message}
            </p>
          ) : null}
        </div>
        <div className={styles.side}>
          {fairness.data ? <FairnessPanel gameCode={gameCode} fairness={fairness.data} isLocked={isSpinning} /> : null}
          <RoundHistory rounds={rounds.data?.list ?? []} />
        </div>
      </div>
      <Dialog isOpen={isPaytableOpen} onClose={() => setIsPaytableOpen(false)} title={t('houseGames.slot.paytable')} width={640}>
        <SlotPaytable title={title} totalBetMinor={bet} />
      </Dialog>
    </PageFrame>
  );
}
