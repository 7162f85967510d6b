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

/**
 * Betting under a card table: the chip rack, the slip's total, clear and rebet (or double), and the
 * deal button. Dragon Tiger and Andar Bahar (CardTableControls) and Teen Patti share it.
 */
export function CardBetting({
  chip,
  onChip,
  isBusy,
  isDealing,
  totalText,
  total,
  onClear,
  rebetLabel,
  canRebet,
  onRebet,
  canDeal,
  onDeal,
}: {
  chip: bigint;
  onChip: (chip: bigint) => void;
  isBusy: boolean;
  isDealing: boolean;
  totalText: string;
  total: bigint;
  onClear: () => void;
  rebetLabel: string;
  canRebet: boolean;
  onRebet: () => void;
  canDeal: boolean;
  onDeal: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ChipRack chip={chip} isDisabled={isBusy} onChip={onChip} />
      <div className={cards.slipActions}>
        <span className={styles.muted} data-testid="slip-total">
          {totalText}
        </span>
        <span style={{ display: 'flex', gap: 8 }}>
          <Button variant="ghost" disabled={isBusy || total === 0n} onClick={onClear}>
            {t('originals.cards.clear')}
          </Button>
          <Button variant="ghost" disabled={!canRebet} onClick={onRebet}>
            {rebetLabel}
          </Button>
        </span>
      </div>
      <Button variant="gold" size="large" className={styles.play} disabled={!canDeal} onClick={onDeal} data-testid="deal-button">
        {isDealing ? t('originals.cards.dealing') : t('originals.cards.deal')}
      </Button>
    </>
  );
}

/** Under the table: the betting controls (CardBetting), the outcome line, the rules and errors. */
export function CardTableControls({ state, rules }: { state: CardRoundState; rules: string }) {
  const { t } = useTranslation();
  const { last, paid } = state;
  return (
    <>
      <CardBetting
        chip={state.chip}
        onChip={state.setChip}
        isBusy={state.isDealing}
        isDealing={state.isDealing}
        totalText={t('originals.cards.total', { amount: formatMoney(state.total) })}
        total={state.total}
        onClear={state.clear}
        rebetLabel={state.total === 0n ? t('originals.cards.rebet') : t('originals.cards.double')}
        canRebet={state.canRebet}
        onRebet={state.rebetOrDouble}
        canDeal={state.canDeal}
        onDeal={() => void state.run()}
      />
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
