import {
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  type PlinkoRisk,
  plinkoExactRtp,
  plinkoMultipliers,
} from '@kismat/game-math/originals/plinko';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useDropPlinko } from '../api/drop-plinko';
import { useOriginalRounds } from '../api/get-original-rounds';
import { OriginalGameFrame } from '../components/original-game-frame';
import styles from '../components/originals.module.css';
import { PlayError } from '../components/play-aside';
import { PlinkoBoard, type PlinkoBoardHandle } from '../components/plinko-board';
import { ChoiceButtons, CountSelect, StakeAndPlay } from '../components/stake-and-play';
import { useOriginalSession } from '../hooks/use-original-session';
import type { OriginalRound } from '../utils/originals-types';
import { toMinor, toMoneyString } from '../utils/stake';

const ROW_OPTIONS = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, index) => PLINKO_MIN_ROWS + index);

/** /bgs?gameCode=kismat-plinko: drop a ball through 8-16 rows of pegs at low, medium or high risk. */
export function PlinkoGameRoute() {
  const { t } = useTranslation();
  const session = useOriginalSession('PLINKO');
  const rounds = useOriginalRounds('PLINKO');
  const drop = useDropPlinko();
  const board = useRef<PlinkoBoardHandle>(null);
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('MEDIUM');
  const [last, setLast] = useState<OriginalRound | null>(null);
  const [isDropping, setIsDropping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const multipliers = plinkoMultipliers({ rows, risk });
  const canDrop = session.isReady && session.isStakeOk && !isDropping;

  const run = async () => {
    if (!canDrop || session.balance === null || session.stakeMinor === null) return;
    setError(null);
    setIsDropping(true);
    setLast(null);
    session.sound.play('tick');
    session.setShownBalance(session.balance - session.stakeMinor);
    try {
      const answer = await drop.mutateAsync({ stake: toMoneyString(session.stakeMinor), rows, risk, idempotencyKey: newIdempotencyKey() });
      await board.current?.drop(answer.round.plinko?.path ?? []);
      setLast(answer.round);
      session.setShownBalance(toMinor(answer.balance));
      session.sound.play(toMinor(answer.round.payout) >= toMinor(answer.round.stake) ? 'win' : 'lose');
    } catch (dropError) {
      session.setShownBalance(null);
      setError(dropError instanceof Error ? dropError.message : t('originals.errors.generic'));
    } finally {
      setIsDropping(false);
      await session.refresh();
    }
  };

  return (
    <OriginalGameFrame
      title={t('originals.plinko.title')}
      subtitle={t('originals.plinko.subtitle', { rtp: (plinkoExactRtp({ rows, risk }) * 100).toFixed(2) })}
      icon="coins"
      session={session}
      isLocked={isDropping}
      rounds={rounds.data?.list}
    >
      <PlinkoBoard ref={board} rows={rows} multipliers={multipliers} />
      <ChoiceButtons
        label={t('originals.plinko.risk')}
        options={PLINKO_RISKS}
        value={risk}
        isDisabled={isDropping}
        onChange={setRisk}
        optionLabel={(option) => t(`originals.plinko.risks.${option}`)}
      />
      <CountSelect
        label={t('originals.plinko.rows')}
        counts={ROW_OPTIONS}
        value={rows}
        isDisabled={isDropping}
        onChange={setRows}
        testId="plinko-rows"
      />
      <StakeAndPlay session={session} isBusy={isDropping} isPlayable={canDrop} onPlay={() => void run()} playTestId="plinko-drop">
        {isDropping ? t('originals.plinko.dropping') : t('originals.plinko.drop')}
      </StakeAndPlay>
      {last ? (
        <p className={toMinor(last.payout) >= toMinor(last.stake) ? styles.win : styles.lose} data-testid="plinko-outcome">
          {t('originals.plinko.landed', { multiplier: last.multiplier, amount: formatMoney(last.payout) })}
        </p>
      ) : null}
      <PlayError error={error} seedError={session.setClientSeedError} />
    </OriginalGameFrame>
  );
}
