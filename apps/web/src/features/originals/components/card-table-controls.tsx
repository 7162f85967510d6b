import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format-money';
import type { CardRoundState } from '../hooks/use-card-round';
import cards from './cards.module.css';
import { ChipRack } from './chip-rack';
import styles from './originals.module.css';
import { PlayError } from './play-aside';

/** A bet spot of the table: its name, what it pays, the stake on it; a tap adds the chosen chip. */
export function BetSpot({ state, bet, name, pays }: { state: CardRoundState; bet: string; name: string; pays: string }) {
  const stake = state.shownSlip[bet] ?? 0n;
  return (
    <button
      type="button"
      className={`${cards.spot} ${state.winningBets.has(bet) ? cards.spotWin : ''}`}
      disabled={state.isDealing}
      onClick={() => state.place(bet)}
      data-testid={`spot-${bet}`}
    >
      <span className={cards.spotName}>{name}</span>
      <span className={cards.spotPays}>{pays}</span>
      <span className={cards.spotStake}>{stake > 0n ? formatMoney(stake) : ''}</span>
    </button>
  );
}

/** Under the table: chips, the slip's total, clear and rebet/double, the deal button, the outcome line and errors. */
export function CardTableControls({ state, rules }: { state: CardRoundState; rules: string }) {
  const { t } = useTranslation();
  const { last, paid } = state;
  return (
    <>
      <ChipRack chip={state.chip} isDisabled={state.isDealing} onChip={state.setChip} />
      <div className={cards.slipActions}>
        <span className={styles.muted} data-testid="slip-total">
          {t('originals.cards.total', { amount: formatMoney(state.total) })}
        </span>
        <span style={{ display: 'flex', gap: 8 }}>
          <Button variant="ghost" disabled={state.isDealing || state.total === 0n} onClick={state.clear}>
            {t('originals.cards.clear')}
          </Button>
          <Button variant="ghost" disabled={!state.canRebet} onClick={state.rebetOrDouble}>
            {state.total === 0n ? t('originals.cards.rebet') : t('originals.cards.double')}
          </Button>
        </span>
      </div>
      <Button
        variant="gold"
        size="large"
        className={styles.play}
        disabled={!state.canDeal}
        onClick={() => void state.run()}
        data-testid="deal-button"
      >
        {state.isDealing ? t('originals.cards.dealing') : t('originals.cards.deal')}
      </Button>
      {last && state.isRevealed ? (
        <p className={paid > 0n ? styles.win : styles.lose} data-testid="card-outcome">
          {paid > 0n ? t('originals.won', { amount: formatMoney(last.payout) }) : t('originals.lost')}
        </p>
      ) : null}
      <p className={styles.muted}>{rules}</p>
      <PlayError error={state.error} seedError={state.session.setClientSeedError} />
    </>
  );
}

/** The banner over the table: the result once revealed, else what to do. */
export function CardBanner({ state, result }: { state: CardRoundState; result: string | null }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" style={{ display: 'grid', minHeight: 40 }}>
      {result && state.last && state.isRevealed ? (
        <span key={state.last.roundId} className={`${cards.banner} ${state.paid > 0n ? cards.bannerWin : ''}`} data-testid="card-banner">
          {result}
        </span>
      ) : (
        <span className={cards.banner} style={{ animation: 'none', opacity: 0.8 }}>
          {state.isDealing ? t('originals.cards.dealing') : t('originals.cards.placeBets')}
        </span>
      )}
    </div>
  );
}
