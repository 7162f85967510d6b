import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format-money';
import { canLowerBet, canRaiseBet } from '../utils/bet-levels';
import styles from './slot-panels.module.css';

interface BetSelectorProps {
  levels: readonly bigint[];
  index: number;
  balanceMinor: bigint;
  isDisabled: boolean;
  onChange: (index: number) => void;
}

/** Total bet by the title's levels (from 1.00): minus and plus never leave the list. */
export function BetSelector({ levels, index, balanceMinor, isDisabled, onChange }: BetSelectorProps) {
  const { t } = useTranslation();
  const state = { levels, index, balanceMinor };
  const bet = levels[index] ?? 0n;
  return (
    <div className={styles.betSelector}>
      <span className={`${blocks.statLabel} ${styles.statLabel}`} id="bet-label">
        {t('houseGames.slot.bet')}
      </span>
      <div className={styles.betRow}>
        <Button
          variant="outline"
          size="small"
          isIconOnly
          aria-label={t('houseGames.slot.lowerBet')}
          disabled={isDisabled || !canLowerBet(state)}
          onClick={() => onChange(index - 1)}
        >
          −
        </Button>
        <output className={styles.betValue} aria-labelledby="bet-label" data-testid="bet-value">
          {formatMoney(bet)}
        </output>
        <Button
          variant="outline"
          size="small"
          isIconOnly
          aria-label={t('houseGames.slot.raiseBet')}
          disabled={isDisabled || !canRaiseBet(state)}
          onClick={() => onChange(index + 1)}
        >
          +
        </Button>
      </div>
    </div>
  );
}
