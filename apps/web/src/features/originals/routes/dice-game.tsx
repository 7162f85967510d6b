import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, type DiceDirection, diceMultiplier } from '@kismat/game-math/originals/dice';
import { formatMultiplier, payoutFor } from '@kismat/game-math/originals/house-edge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useOriginalRounds } from '../api/get-original-rounds';
import { useRollDice } from '../api/roll-dice';
import dice from '../components/dice.module.css';
import { DieGlyph } from '../components/game-glyphs';
import { OriginalGameFrame } from '../components/original-game-frame';
import styles from '../components/originals.module.css';
import { PlayError } from '../components/play-aside';
import { ChoiceButtons, StakeAndPlay } from '../components/stake-and-play';
import { useOriginalSession } from '../hooks/use-original-session';
import type { OriginalRound } from '../utils/originals-types';
import { toMinor, toMoneyString } from '../utils/stake';

const MIN_ROLL_MS = 450;
const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));
const percent = (hundredths: number) => (hundredths / 100).toFixed(2);

/** /bgs?gameCode=kismat-dice: roll under or over a target at a chosen win chance. */
export function DiceGameRoute() {
  const { t } = useTranslation();
  const session = useOriginalSession('DICE');
  const rounds = useOriginalRounds('DICE');
  const roll = useRollDice();
  const [direction, setDirection] = useState<DiceDirection>('UNDER');
  const [chance, setChance] = useState(4_950);
  const [last, setLast] = useState<OriginalRound | null>(null);
  const [isRolling, setIsRolling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const edge = session.config.data?.houseEdgeBp ?? 100;
  const multiplier = diceMultiplier(chance, edge);
  const target = direction === 'UNDER' ? chance : 10_000 - chance;
  const canRoll = session.isReady && session.isStakeOk && !isRolling;
  const winZone =
    direction === 'UNDER' ? { left: '0%', width: `${chance / 100}%` } : { left: `${(10_000 - chance) / 100}%`, width: `${chance / 100}%` };

  const run = async () => {
    if (!canRoll || session.balance === null || session.stakeMinor === null) return;
    setError(null);
    setIsRolling(true);
    session.sound.play('tick');
    session.setShownBalance(session.balance - session.stakeMinor);
    const started = performance.now();
    try {
      const answer = await roll.mutateAsync({
        stake: toMoneyString(session.stakeMinor),
        direction,
        chance,
        idempotencyKey: newIdempotencyKey(),
      });
      await wait(Math.max(0, MIN_ROLL_MS - (performance.now() - started)));
      setLast(answer.round);
      session.setShownBalance(toMinor(answer.balance));
      session.sound.play(answer.round.status === 'WON' ? 'win' : 'lose');
    } catch (rollError) {
      session.setShownBalance(null);
      setError(rollError instanceof Error ? rollError.message : t('originals.errors.generic'));
    } finally {
      setIsRolling(false);
      await session.refresh();
    }
  };

  const lastRoll = last?.dice?.roll ?? null;
  return (
    <OriginalGameFrame
      title={t('originals.dice.title')}
      subtitle={t('originals.dice.subtitle', { rtp: ((10_000 - edge) / 100).toFixed(2) })}
      icon="dice"
      session={session}
      isLocked={isRolling}
      rounds={rounds.data?.list}
    >
      <div className={dice.board}>
        <div className={dice.result} aria-live="polite">
          {isRolling ? (
            <span className={dice.rolling}>
              <DieGlyph />
            </span>
          ) : lastRoll === null ? (
            <span className={styles.muted}>{t('originals.dice.ready')}</span>
          ) : (
            <span key={last?.roundId} className={last?.status === 'WON' ? dice.rollWin : dice.rollLose} data-testid="dice-roll">
              {percent(lastRoll)}
            </span>
          )}
        </div>
        <div className={dice.track}>
          <div className={dice.winZone} style={winZone} />
          <div className={dice.markerClip}>
            <div className={dice.markerLane} style={{ transform: `translateX(${(lastRoll ?? 5_000) / 100}%)` }}>
              <div className={dice.marker} />
            </div>
          </div>
        </div>
        <div className={dice.scale} aria-hidden="true">
          <span>0</span>
          <span>25</span>
          <span>50</span>
          <span>75</span>
          <span>100</span>
        </div>
        <label>
          <span className={styles.label}>{t('originals.dice.chance')}</span>
          <input
            className={dice.slider}
            type="range"
            min={DICE_MIN_CHANCE}
            max={DICE_MAX_CHANCE}
            step={1}
            value={chance}
            disabled={isRolling}
            onChange={(event) => setChance(Number(event.target.value))}
            data-testid="dice-chance"
          />
        </label>
        <div className={styles.figures}>
          <div className={styles.figure}>
            <span className={styles.label}>{t('originals.dice.target')}</span>
            <strong>
              {direction === 'UNDER' ? '<' : '≥'} {percent(target)}
            </strong>
          </div>
          <div className={styles.figure}>
            <span className={styles.label}>{t('originals.dice.winChance')}</span>
            <strong>{percent(chance)}%</strong>
          </div>
          <div className={styles.figure}>
            <span className={styles.label}>{t('originals.multiplier')}</span>
            <strong data-testid="dice-multiplier">{formatMultiplier(multiplier)}×</strong>
          </div>
        </div>
        <ChoiceButtons
          label={t('originals.dice.direction')}
          options={['UNDER', 'OVER'] as const}
          value={direction}
          isDisabled={isRolling}
          onChange={setDirection}
          optionLabel={(option) => t(`originals.dice.${option === 'UNDER' ? 'under' : 'over'}`)}
        />
      </div>
      <StakeAndPlay
        session={session}
        isBusy={isRolling}
        isPlayable={canRoll}
        onPlay={() => void run()}
        playTestId="dice-roll-button"
        note={
          <p className={styles.muted}>
            {t('originals.potentialWin', {
              amount: formatMoney(session.stakeMinor === null ? 0n : payoutFor(session.stakeMinor, multiplier)),
            })}
          </p>
        }
      >
        {isRolling ? t('originals.dice.rolling') : t('originals.dice.roll')}
      </StakeAndPlay>
      {last && !isRolling ? (
        <p className={last.status === 'WON' ? styles.win : styles.lose} data-testid="dice-outcome">
          {last.status === 'WON' ? t('originals.won', { amount: formatMoney(last.payout) }) : t('originals.lost')}
        </p>
      ) : null}
      <PlayError error={error} seedError={session.setClientSeedError} />
    </OriginalGameFrame>
  );
}
