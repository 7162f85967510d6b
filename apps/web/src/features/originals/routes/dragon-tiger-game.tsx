import type { DragonTigerBet } from '@kismat/game-math/originals/dragon-tiger';
import { useTranslation } from 'react-i18next';
import { dealDragonTiger } from '../api/deal-dragon-tiger';
import { BetSpot, CardBanner, CardTableControls } from '../components/card-table-controls';
import cards from '../components/cards.module.css';
import { OriginalGameFrame } from '../components/original-game-frame';
import { CardSlot, PlayingCard } from '../components/playing-card';
import { useCardRound } from '../hooks/use-card-round';

/** Dragon's card lands first, Tiger's after it, then the banner. */
const DEAL_GAP_MS = 420;
const CARD_MS = 520;
const PAYS: Record<DragonTigerBet, string> = { DRAGON: '1:1', TIE: '11:1', TIGER: '1:1', SUITED_TIE: '50:1' };
/** Table order: Dragon, Tie, Tiger, then the suited tie. */
const SPOTS: readonly DragonTigerBet[] = ['DRAGON', 'TIE', 'TIGER', 'SUITED_TIE'];

/** /pvp?gameCode=kismat-dragon-tiger: one card each to Dragon and Tiger, the higher card wins. */
export function DragonTigerGameRoute() {
  const { t } = useTranslation();
  const state = useCardRound('DRAGON_TIGER', dealDragonTiger, () => DEAL_GAP_MS + CARD_MS);
  const { session, last } = state;
  const shown = last?.cards?.dragonTiger ?? null;
  const winner = state.isRevealed ? (shown?.winner ?? null) : null;
  const result = winner
    ? `${t(`originals.dragonTiger.winner.${winner}`)}${shown?.isSuitedTie ? ` · ${t('originals.dragonTiger.suited')}` : ''}`
    : null;

  return (
    <OriginalGameFrame
      title={t('originals.dragonTiger.title')}
      subtitle={t('originals.dragonTiger.subtitle')}
      icon="cards"
      session={session}
      isLocked={state.isDealing}
      rounds={state.rounds.data?.list}
    >
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
        <CardBanner state={state} result={result} />
        <div className={cards.spots}>
          {SPOTS.map((bet) => (
            <BetSpot key={bet} state={state} bet={bet} name={t(`originals.dragonTiger.bets.${bet}`)} pays={PAYS[bet]} />
          ))}
        </div>
      </div>
      <CardTableControls state={state} rules={t('originals.dragonTiger.rules')} />
    </OriginalGameFrame>
  );
}
