import type { OriginalRound } from '@kismat/contracts/originals';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format-money';
import { CardBetting } from '../components/card-table-controls';
import cards from '../components/cards.module.css';
import { OriginalGameFrame } from '../components/original-game-frame';
import styles from '../components/originals.module.css';
import { PlayError } from '../components/play-aside';
import { CardSlot } from '../components/playing-card';
import tp from '../components/teen-patti.module.css';
import { TEEN_PATTI_CARD_GAP_MS, type TeenPattiState, useTeenPatti } from '../hooks/use-teen-patti';
import { cardFace } from '../utils/card-slip';
import { toMinor } from '../utils/stake';

type TeenPatti = NonNullable<NonNullable<OriginalRound['cards']>['teenPatti']>;

/** One card: dealt face up, dealt face down (`isDown`), or turned over where it lies (`isTurning`). */
function TableCard({
  card,
  delayMs,
  isDown,
  isTurning,
  isWinning,
  testId,
}: {
  card: number | null;
  delayMs: number;
  isDown?: boolean;
  isTurning?: boolean;
  isWinning?: boolean;
  testId: string;
}) {
  const face = card === null ? null : cardFace(card);
  const className = [cards.card, isDown ? tp.down : '', isTurning ? tp.turn : '', isWinning ? cards.winCard : ''].filter(Boolean).join(' ');
  return (
    <div
      className={className}
      style={{ animationDelay: `${delayMs}ms` }}
      role="img"
      aria-label={face?.label ?? '🂠'}
      data-testid={testId}
      data-card={card ?? undefined}
    >
      <div className={`${cards.face} ${face?.isRed ? cards.red : ''}`}>
        <span className={cards.rank}>{face?.rank}</span>
        <span className={cards.suit}>{face?.suit}</span>
      </div>
      <div className={cards.back} />
    </div>
  );
}

function Seat({ who, hand, children }: { who: 'dealer' | 'player'; hand: string | null; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={tp.seat}>
      <div className={tp.seatHead}>
        <span className={`${cards.handName} ${tp[who]}`}>{t(`originals.teenPatti.${who}`)}</span>
        {hand ? (
          <span className={tp.handTag} data-testid={`${who}-hand`}>
            {hand}
          </span>
        ) : null}
      </div>
      <div className={tp.fan}>{children}</div>
    </div>
  );
}

/** The banner's line: what to do, or how the hand ended. */
function resultLine(state: TeenPattiState, deal: TeenPatti | null, t: TFunction): string {
  if (state.phase === 'DEALING' || state.phase === 'SETTLING') return t('originals.cards.dealing');
  if (state.phase === 'DECIDING') return t('originals.teenPatti.decide');
  if (state.phase !== 'SETTLED' || !deal) return t('originals.teenPatti.placeAnte');
  if (deal.decision === 'FOLD')
    return t(deal.decidedBy === 'TIMEOUT' ? 'originals.teenPatti.result.TIMEOUT' : 'originals.teenPatti.result.FOLD');
  if (!deal.dealerQualifies) return t('originals.teenPatti.result.NOT_QUALIFIED');
  return t(`originals.teenPatti.result.${deal.winner ?? 'TIE'}`);
}

/**
 * /pvp?gameCode=kismat-teen-patti: three cards each against the dealer. Ante (and Pair Plus) deals
 * the hand; the player sees their three cards and plays (a second bet equal to the ante) or folds.
 * The dealer's cards lie face down until then. A hand left open resumes after a reload.
 */
export function TeenPattiGameRoute() {
  const { t } = useTranslation();
  const state = useTeenPatti();
  const { session, round, phase } = state;
  const deal = round?.cards?.teenPatti ?? null;
  const isSettled = phase === 'SETTLED' && round?.status !== 'OPEN';
  const shown = phase === 'BETTING' ? null : deal;
  const handName = (hand: TeenPatti['playerHand'] | null | undefined): string | null =>
    hand ? t(`originals.teenPatti.hands.${hand}`) : null;
  const betPaid = (bet: string) => round?.cards?.bets.find((line) => line.bet === bet);
  const isWin = (bet: string) => {
    const line = isSettled ? betPaid(bet) : undefined;
    return line ? toMinor(line.payout) > toMinor(line.stake) : false;
  };
  // The spots show the slip being built, else the hand in play (ante, play when played, pair plus).
  const spotStake = (bet: 'ANTE' | 'PLAY' | 'PAIR_PLUS') => {
    if (phase === 'BETTING' || (phase === 'SETTLED' && state.total > 0n)) return bet === 'PLAY' ? 0n : (state.slip[bet] ?? 0n);
    if (!deal) return 0n;
    if (bet === 'PLAY') return deal.decision === 'PLAY' ? toMinor(deal.ante) : 0n;
    return toMinor(bet === 'ANTE' ? deal.ante : deal.pairPlus);
  };
  const spots = [
    { bet: 'ANTE' as const, pays: t('originals.teenPatti.pays.ANTE'), canPlace: true },
    { bet: 'PLAY' as const, pays: '1:1', canPlace: false },
    { bet: 'PAIR_PLUS' as const, pays: t('originals.teenPatti.pays.PAIR_PLUS'), canPlace: true },
  ];
  const dealerWins = Boolean(isSettled && deal?.decision === 'PLAY' && deal.dealerQualifies && deal.winner === 'DEALER');
  const playerWins = Boolean(isSettled && deal?.decision === 'PLAY' && (!deal.dealerQualifies || deal.winner === 'PLAYER'));
  const result = resultLine(state, shown, t);

  return (
    <OriginalGameFrame
      title={t('originals.teenPatti.title')}
      subtitle={t('originals.teenPatti.subtitle')}
      icon="cards"
      session={session}
      isLocked={state.isBusy || phase === 'DECIDING'}
      rounds={state.rounds.data?.list}
    >
      <div className={cards.table} data-testid="teen-patti-table">
        <Seat who="dealer" hand={isSettled ? handName(shown?.dealerHand) : null}>
          {[0, 1, 2].map((index) =>
            !shown ? (
              <CardSlot key={index} />
            ) : isSettled && shown.dealer.length === 3 ? (
              <TableCard
                key={`${round?.roundId}-d${index}-up`}
                card={shown.dealer[index] ?? null}
                delayMs={index * TEEN_PATTI_CARD_GAP_MS}
                isTurning
                isWinning={dealerWins}
                testId={`dealer-card-${index}`}
              />
            ) : (
              <TableCard
                key={`${round?.roundId}-d${index}`}
                card={null}
                delayMs={index * TEEN_PATTI_CARD_GAP_MS + TEEN_PATTI_CARD_GAP_MS / 2}
                isDown
                testId={`dealer-card-${index}`}
              />
            ),
          )}
        </Seat>
        <div aria-live="polite" style={{ display: 'grid', minHeight: 40 }}>
          <span
            key={`${round?.roundId}-${phase}`}
            className={`${cards.banner} ${tp.result} ${isSettled && state.paid > 0n ? cards.bannerWin : ''}`}
            data-testid="card-banner"
          >
            {result}
          </span>
        </div>
        <Seat who="player" hand={shown ? handName(shown.playerHand) : null}>
          {[0, 1, 2].map((index) =>
            shown ? (
              <TableCard
                key={`${round?.roundId}-p${index}`}
                card={shown.player[index] ?? null}
                delayMs={index * TEEN_PATTI_CARD_GAP_MS}
                isWinning={playerWins}
                testId={`player-card-${index}`}
              />
            ) : (
              <CardSlot key={index} />
            ),
          )}
        </Seat>
        <div className={cards.spots}>
          {spots.map((spot) => {
            const stake = spotStake(spot.bet);
            return (
              <button
                key={spot.bet}
                type="button"
                className={`${cards.spot} ${spot.bet === 'PLAY' ? tp.spotPlay : ''} ${isWin(spot.bet) ? cards.spotWin : ''}`}
                disabled={!spot.canPlace || state.isBusy || phase === 'DECIDING'}
                onClick={() => spot.bet !== 'PLAY' && state.place(spot.bet)}
                data-testid={`spot-${spot.bet}`}
              >
                <span className={cards.spotName}>{t(`originals.teenPatti.bets.${spot.bet}`)}</span>
                <span className={cards.spotPays}>{spot.pays}</span>
                <span className={cards.spotStake}>{stake > 0n ? formatMoney(stake) : ''}</span>
              </button>
            );
          })}
        </div>
      </div>
      <TeenPattiControls state={state} deal={deal} />
    </OriginalGameFrame>
  );
}

/** Under the table: chips and Deal while betting; Play and Fold while a hand waits; the outcome; the rules. */
function TeenPattiControls({ state, deal }: { state: TeenPattiState; deal: TeenPatti | null }) {
  const { t } = useTranslation();
  const { phase, round } = state;
  const isDeciding = phase === 'DECIDING' || phase === 'SETTLING';
  return (
    <>
      {isDeciding && deal ? (
        <>
          <div className={tp.decide}>
            <Button
              variant="ghost"
              size="large"
              disabled={phase === 'SETTLING'}
              onClick={() => void state.decide('FOLD')}
              data-testid="fold-button"
            >
              {t('originals.teenPatti.fold')}
            </Button>
            <Button
              variant="gold"
              size="large"
              disabled={phase === 'SETTLING'}
              onClick={() => void state.decide('PLAY')}
              data-testid="play-button"
            >
              {t('originals.teenPatti.play', { amount: formatMoney(deal.ante) })}
            </Button>
          </div>
          <p className={tp.hint}>{t('originals.teenPatti.hint')}</p>
          {deal.decideBy ? (
            <p className={tp.hint}>
              {t('originals.teenPatti.deadline', {
                time: new Date(deal.decideBy).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }),
              })}
            </p>
          ) : null}
        </>
      ) : (
        <>
          <CardBetting
            chip={state.chip}
            onChip={state.setChip}
            isBusy={state.isBusy}
            isDealing={phase === 'DEALING'}
            totalText={t('originals.teenPatti.total', { amount: formatMoney(state.total), played: formatMoney(state.total + state.ante) })}
            total={state.total}
            onClear={state.clear}
            rebetLabel={t('originals.cards.rebet')}
            canRebet={state.canRebet}
            onRebet={state.rebet}
            canDeal={state.canDeal}
            onDeal={() => void state.deal()}
          />
        </>
      )}
      {round && phase === 'SETTLED' ? (
        <p className={state.paid > 0n ? styles.win : styles.lose} data-testid="card-outcome">
          {state.paid > 0n ? t('originals.won', { amount: formatMoney(round.payout) }) : t('originals.lost')}
        </p>
      ) : null}
      <details className={tp.rules}>
        <summary>{t('originals.teenPatti.rulesTitle')}</summary>
        <p className={styles.muted}>{t('originals.teenPatti.rules')}</p>
      </details>
      <PlayError error={state.error} seedError={state.session.setClientSeedError} />
    </>
  );
}
