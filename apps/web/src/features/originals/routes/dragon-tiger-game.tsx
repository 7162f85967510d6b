import type { DragonTigerBet } from '@kismat/game-math/originals/dragon-tiger';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageFrame } from '@/components/ui/page-frame';
import { formatMoney } from '@/lib/format-money';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useDealDragonTiger } from '../api/deal-dragon-tiger';
import { useOriginalRounds } from '../api/get-original-rounds';
import cards from '../components/cards.module.css';
import { ChipRack } from '../components/chip-rack';
import { GameTopBar } from '../components/game-top-bar';
import styles from '../components/originals.module.css';
import { PlayAside, PlayError } from '../components/play-aside';
import { CardSlot, PlayingCard } from '../components/playing-card';
import { useOriginalSession } from '../hooks/use-original-session';
import { addChip, type CardSlip, doubleSlip, isSlipValid, slipStakes, slipTotal } from '../utils/card-slip';
import type { OriginalRound } from '../utils/originals-types';
import { toMinor } from '../utils/stake';

/** Dragon's card lands first, Tiger's after it, then the banner. */
const DEAL_GAP_MS = 420;
const REVEAL_MS = 520 + DEAL_GAP_MS;
const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

const PAYS: Record<DragonTigerBet, string> = { DRAGON: '1:1', TIE: '11:1', TIGER: '1:1', SUITED_TIE: '50:1' };
/** Table order: Dragon, Tie, Tiger on one row, the suited tie below. */
const SPOTS: readonly DragonTigerBet[] = ['DRAGON', 'TIE', 'TIGER', 'SUITED_TIE'];

/** /bgs?gameCode=kismat-dragon-tiger (the PVP centre): one card each to Dragon and Tiger, the higher card wins. */
export function DragonTigerGameRoute() {
  const { t } = useTranslation();
  const session = useOriginalSession('DRAGON_TIGER');
  const rounds = useOriginalRounds('DRAGON_TIGER');
  const deal = useDealDragonTiger();
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
      const answer = await deal.mutateAsync({ stakes: slipStakes(slip), idempotencyKey: newIdempotencyKey() });
      setLast(answer.round);
      setLastSlip(slip);
      setSlip({});
      await wait(REVEAL_MS);
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

  const shown = last?.cards?.dragonTiger ?? null;
  const winner = isRevealed ? (shown?.winner ?? null) : null;
  const paid = last ? toMinor(last.payout) : 0n;
  const winningBets = new Set(
    isRevealed ? (last?.cards?.bets ?? []).filter((bet) => toMinor(bet.payout) > toMinor(bet.stake)).map((bet) => bet.bet) : [],
  );
  const shownSlip = isDealing || (last && total === 0n) ? lastSlip : slip;

  return (
    <PageFrame title={t('originals.dragonTiger.title')} subtitle={t('originals.dragonTiger.subtitle')} icon="cards">
      <div className={styles.layout}>
        <div className={styles.stage}>
          <GameTopBar balance={session.balance} isSoundOn={session.sound.isOn} onToggleSound={session.sound.toggle} />
          <div className={cards.table}>
            <div className={cards.hands}>
              <div className={cards.hand}>
                <span className={`${cards.handName} ${cards.dragon}`}>{t('originals.dragonTiger.bets.DRAGON')}</span>
                <div className={cards.cardRow}>
                  {shown ? (
                    <PlayingCard key={`${last?.roundId}-d`} card={shown.dragon} isWinning={winner === 'DRAGON'} testId="dragon-card" />
                  ) : (
                    <CardSlot />
                  )}
                </div>
              </div>
              <span className={cards.versus}>VS</span>
              <div className={cards.hand}>
                <span className={`${cards.handName} ${cards.tiger}`}>{t('originals.dragonTiger.bets.TIGER')}</span>
                <div className={cards.cardRow}>
                  {shown ? (
                    <PlayingCard
                      key={`${last?.roundId}-t`}
                      card={shown.tiger}
                      delayMs={DEAL_GAP_MS}
                      isWinning={winner === 'TIGER'}
                      testId="tiger-card"
                    />
                  ) : (
                    <CardSlot />
                  )}
                </div>
              </div>
            </div>
            <div aria-live="polite" style={{ display: 'grid', minHeight: 40 }}>
              {winner && last ? (
                <span key={last.roundId} className={`${cards.banner} ${paid > 0n ? cards.bannerWin : ''}`} data-testid="card-banner">
                  {t(`originals.dragonTiger.winner.${winner}`)}
                  {shown?.isSuitedTie ? ` · ${t('originals.dragonTiger.suited')}` : ''}
                </span>
              ) : (
                <span className={cards.banner} style={{ animation: 'none', opacity: 0.8 }}>
                  {isDealing ? t('originals.cards.dealing') : t('originals.cards.placeBets')}
                </span>
              )}
            </div>
            <div className={cards.spots}>
              {SPOTS.map((bet) => (
                <button
                  key={bet}
                  type="button"
                  className={`${cards.spot} ${winningBets.has(bet) ? cards.spotWin : ''}`}
                  disabled={isDealing}
                  onClick={() => {
                    setSlip((current) => addChip(current, bet, chip, limits));
                    session.sound.play('tick');
                  }}
                  data-testid={`spot-${bet}`}
                >
                  <span className={cards.spotName}>{t(`originals.dragonTiger.bets.${bet}`)}</span>
                  <span className={cards.spotPays}>{PAYS[bet]}</span>
                  <span className={cards.spotStake}>{(shownSlip[bet] ?? 0n) > 0n ? formatMoney(shownSlip[bet] ?? 0n) : ''}</span>
                </button>
              ))}
            </div>
          </div>
          <ChipRack chip={chip} isDisabled={isDealing} onChip={setChip} />
          <div className={cards.slipActions}>
            <span className={styles.muted} data-testid="slip-total">
              {t('originals.cards.total', { amount: formatMoney(total) })}
            </span>
            <span style={{ display: 'flex', gap: 8 }}>
              <Button variant="ghost" disabled={isDealing || total === 0n} onClick={() => setSlip({})}>
                {t('originals.cards.clear')}
              </Button>
              <Button
                variant="ghost"
                disabled={isDealing || slipTotal(lastSlip) === 0n}
                onClick={() =>
                  setSlip(total === 0n ? (slipTotal(lastSlip) <= limits.balanceMinor ? lastSlip : slip) : doubleSlip(slip, limits))
                }
              >
                {total === 0n ? t('originals.cards.rebet') : t('originals.cards.double')}
              </Button>
            </span>
          </div>
          <Button
            variant="gold"
            size="large"
            className={styles.play}
            disabled={!canDeal}
            onClick={() => void run()}
            data-testid="deal-button"
          >
            {isDealing ? t('originals.cards.dealing') : t('originals.cards.deal')}
          </Button>
          {last && isRevealed ? (
            <p className={paid > 0n ? styles.win : styles.lose} data-testid="card-outcome">
              {paid > 0n ? t('originals.won', { amount: formatMoney(last.payout) }) : t('originals.lost')}
            </p>
          ) : null}
          <p className={styles.muted}>{t('originals.dragonTiger.rules')}</p>
          <PlayError error={error} seedError={session.setClientSeedError} />
        </div>
        <PlayAside fairness={session.fairness.data} isLocked={isDealing} rounds={rounds.data?.list} />
      </div>
    </PageFrame>
  );
}
