import { formatMultiplier, payoutFor } from '@kismat/game-math/originals/house-edge';
import { minesMultiplier } from '@kismat/game-math/originals/mines';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useCashOutMines } from '../api/cash-out-mines';
import { useOpenMinesRound } from '../api/get-open-mines-round';
import { useOriginalRounds } from '../api/get-original-rounds';
import { useRevealMinesTile } from '../api/reveal-mines-tile';
import { useStartMines } from '../api/start-mines';
import { MinesBoard } from '../components/mines-board';
import { OriginalGameFrame } from '../components/original-game-frame';
import styles from '../components/originals.module.css';
import { PlayError } from '../components/play-aside';
import { CountSelect, StakeAndPlay } from '../components/stake-and-play';
import { useOriginalSession } from '../hooks/use-original-session';
import type { OriginalRound, PlayValue } from '../utils/originals-types';
import { toMinor, toMoneyString } from '../utils/stake';

const MINE_COUNTS = Array.from({ length: 24 }, (_, index) => index + 1);

/**
 * /bgs?gameCode=kismat-mines: pick safe tiles on a 5x5 board with 1-24 mines, cash out after any
 * safe tile. An open round is resumed after a reload (the server keeps it).
 */
export function MinesGameRoute() {
  const { t } = useTranslation();
  const session = useOriginalSession('MINES');
  const rounds = useOriginalRounds('MINES');
  const open = useOpenMinesRound(true);
  const start = useStartMines();
  const reveal = useRevealMinesTile();
  const cashOut = useCashOutMines();
  const [mineCount, setMineCount] = useState(3);
  const [round, setRound] = useState<OriginalRound | null>(null);
  const [pendingTile, setPendingTile] = useState<number | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A round left open (a reload, a lost connection, a server restart) comes back as it was.
  useEffect(() => {
    if (open.data?.round && round === null) {
      setRound(open.data.round);
      setMineCount(open.data.round.mines?.mineCount ?? 3);
    }
  }, [open.data, round]);

  const isOpen = round?.status === 'OPEN';
  // Gems found: every pick of an open round; a settled round's picks that were not the mine.
  const safeCount = (round?.mines?.picks ?? []).filter((tile) => !round?.mines?.mineTiles.includes(tile)).length;
  const edge = round?.houseEdgeBp ?? session.config.data?.houseEdgeBp ?? 100;
  const firstMultiplier = minesMultiplier(mineCount, 1, edge);
  const stakeOfRound = round ? toMinor(round.stake) : session.stakeMinor;
  // An open round's multiplier is what a cash-out pays now (the server's figure, exact text).
  const cashOutNow = isOpen && safeCount > 0 && round ? payoutFor(toMinor(round.stake), Number(round.multiplier.replace('.', ''))) : null;

  const settle = async (answer: PlayValue) => {
    setRound(answer.round);
    session.setShownBalance(toMinor(answer.balance));
    if (answer.round.status !== 'OPEN') await session.refresh();
  };
  const guard = async (work: () => Promise<void>) => {
    setError(null);
    setIsBusy(true);
    try {
      await work();
    } catch (playError) {
      setError(playError instanceof Error ? playError.message : t('originals.errors.generic'));
      session.setShownBalance(null);
      await open.refetch();
    } finally {
      setIsBusy(false);
      setPendingTile(null);
    }
  };

  const bet = () =>
    guard(async () => {
      if (!session.isReady || !session.isStakeOk || session.stakeMinor === null) return;
      session.sound.play('tick');
      const answer = await start.mutateAsync({ stake: toMoneyString(session.stakeMinor), mineCount, idempotencyKey: newIdempotencyKey() });
      await settle(answer);
    });
  const pick = (tile: number) =>
    guard(async () => {
      if (!round || !isOpen) return;
      setPendingTile(tile);
      const answer = await reveal.mutateAsync({ roundId: round.roundId, tile });
      const hit = answer.round.mines?.mineTiles.includes(tile) ?? false;
      session.sound.play(hit ? 'boom' : answer.round.status === 'WON' ? 'win' : 'gem');
      await settle(answer);
    });
  const collect = () =>
    guard(async () => {
      if (!round || !isOpen) return;
      const answer = await cashOut.mutateAsync({ roundId: round.roundId });
      session.sound.play('win');
      await settle(answer);
    });

  return (
    <OriginalGameFrame
      title={t('originals.mines.title')}
      subtitle={t('originals.mines.subtitle', { rtp: ((10_000 - edge) / 100).toFixed(2) })}
      icon="sparkle"
      session={session}
      isLocked={isBusy || isOpen}
      rounds={rounds.data?.list}
    >
      <MinesBoard round={round} pendingTile={pendingTile} isPlayable={isOpen && !isBusy} onPick={(tile) => void pick(tile)} />
      <div className={styles.figures}>
        <div className={styles.figure}>
          <span className={styles.label}>{t('originals.mines.gems')}</span>
          <strong data-testid="mines-safe">{safeCount}</strong>
        </div>
        <div className={styles.figure}>
          <span className={styles.label}>{t('originals.multiplier')}</span>
          <strong data-testid="mines-multiplier">{isOpen ? `${round?.multiplier}×` : round ? `${round.multiplier}×` : '—'}</strong>
        </div>
        <div className={styles.figure}>
          <span className={styles.label}>{t('originals.mines.next')}</span>
          <strong>{isOpen ? `${round?.mines?.nextMultiplier ?? '—'}×` : `${formatMultiplier(firstMultiplier)}×`}</strong>
        </div>
      </div>
      {isOpen ? (
        <Button
          variant="gold"
          size="large"
          className={styles.play}
          disabled={isBusy || safeCount === 0}
          onClick={() => void collect()}
          data-testid="mines-cash-out"
        >
          {safeCount === 0 ? t('originals.mines.pickFirst') : t('originals.mines.cashOut', { amount: formatMoney(cashOutNow ?? 0n) })}
        </Button>
      ) : (
        <>
          <CountSelect
            label={t('originals.mines.mineCount')}
            counts={MINE_COUNTS}
            value={mineCount}
            onChange={setMineCount}
            testId="mines-count"
          />
          <StakeAndPlay
            session={session}
            isBusy={isBusy}
            isPlayable={session.isReady && session.isStakeOk && !isBusy}
            onPlay={() => void bet()}
            playTestId="mines-bet"
          >
            {t('originals.mines.bet')}
          </StakeAndPlay>
        </>
      )}
      {round && !isOpen ? (
        <p className={round.status === 'WON' ? styles.win : styles.lose} data-testid="mines-outcome">
          {round.status === 'WON' ? t('originals.won', { amount: formatMoney(round.payout) }) : t('originals.lost')}
        </p>
      ) : null}
      {stakeOfRound !== null && isOpen ? (
        <p className={styles.muted}>{t('originals.mines.inPlay', { amount: formatMoney(stakeOfRound) })}</p>
      ) : null}
      <PlayError error={error} seedError={session.setClientSeedError} />
    </OriginalGameFrame>
  );
}
