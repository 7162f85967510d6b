import type { AndarBaharBet } from '@kismat/game-math/originals/andar-bahar';
import { useTranslation } from 'react-i18next';
import { dealAndarBahar } from '../api/deal-andar-bahar';
import { BetSpot, CardBanner, CardTableControls } from '../components/card-table-controls';
import cards from '../components/cards.module.css';
import { OriginalGameFrame } from '../components/original-game-frame';
import { CardSlot, PlayingCard } from '../components/playing-card';
import { useCardRound } from '../hooks/use-card-round';
import type { OriginalRound } from '../utils/originals-types';

const CARD_MS = 520;
/** The joker, then one card every gap: short when many cards fall, so a long deal still ends in about three seconds. */
const gapOf = (cardsDealt: number) => Math.min(220, Math.floor(3_000 / Math.max(1, cardsDealt)));
const revealMs = (round: OriginalRound) => {
  const dealt = round.cards?.andarBahar?.cardsDealt ?? 1;
  return gapOf(dealt) * (dealt + 1) + CARD_MS;
};
const PAYS: Record<AndarBaharBet, string> = { ANDAR: '0.9:1', BAHAR: '1:1' };

/** /pvp?gameCode=kismat-andar-bahar: a joker, then cards alternately to Andar and Bahar until one matches its rank. */
export function AndarBaharGameRoute() {
  const { t } = useTranslation();
  const state = useCardRound('ANDAR_BAHAR', dealAndarBahar, revealMs);
  const { session, last } = state;
  const shown = last?.cards?.andarBahar ?? null;
  const winner = state.isRevealed ? (shown?.winner ?? null) : null;
  const gap = shown ? gapOf(shown.cardsDealt) : 0;
  // Andar's i-th card is dealt (2i + 1)-th after the joker, Bahar's (2i + 2)-th.
  const side = (list: number[], bet: AndarBaharBet) =>
    list.map((card, index) => {
      const isLast = index === list.length - 1 && shown?.winner === bet;
      return (
        <PlayingCard
          key={`${last?.roundId}-${bet}-${card}`}
          card={card}
          isSmall
          delayMs={gap * (2 * index + (bet === 'ANDAR' ? 1 : 2))}
          isWinning={isLast && winner !== null}
          testId={isLast ? 'winning-card' : undefined}
        />
      );
    });

  return (
    <OriginalGameFrame
      title={t('originals.andarBahar.title')}
      subtitle={t('originals.andarBahar.subtitle')}
      icon="cards"
      session={session}
      isLocked={state.isDealing}
      rounds={state.rounds.data?.list}
    >
      <div className={cards.table}>
        <div className={cards.hand}>
          <span className={cards.handName}>{t('originals.andarBahar.joker')}</span>
          <div className={cards.cardRow}>
            {shown ? <PlayingCard key={`${last?.roundId}-j`} card={shown.joker} testId="joker-card" /> : <CardSlot />}
          </div>
        </div>
        {(['ANDAR', 'BAHAR'] as const).map((bet) => (
          <div key={bet} className={cards.hand} style={{ justifyItems: 'stretch' }}>
            <span className={`${cards.handName} ${bet === 'ANDAR' ? cards.dragon : cards.tiger}`}>
              {t(`originals.andarBahar.bets.${bet}`)}
            </span>
            <div className={cards.cardRow} style={{ minHeight: 62, justifyContent: 'flex-start' }} data-testid={`side-${bet}`}>
              {shown ? side(bet === 'ANDAR' ? shown.andar : shown.bahar, bet) : null}
            </div>
          </div>
        ))}
        <CardBanner
          state={state}
          result={winner && shown ? t(`originals.andarBahar.winner.${winner}`, { count: shown.cardsDealt }) : null}
        />
        <div className={cards.spots}>
          {(['ANDAR', 'BAHAR'] as const).map((bet) => (
            <BetSpot key={bet} state={state} bet={bet} name={t(`originals.andarBahar.bets.${bet}`)} pays={PAYS[bet]} />
          ))}
        </div>
      </div>
      <CardTableControls state={state} rules={t('originals.andarBahar.rules')} />
    </OriginalGameFrame>
  );
}
