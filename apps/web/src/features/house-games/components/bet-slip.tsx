import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { normalizeAmountInput } from '@/lib/digits';
import { formatMoney } from '@/lib/format-money';
import type { LotteryBetTypeInfo } from '../utils/house-games-types';
import { formatOdds, parseAmount, toMinor } from '../utils/money';
import styles from './lottery.module.css';

export interface SlipLine {
  betType: string;
  selection: string;
}

interface BetSlipProps {
  lines: readonly SlipLine[];
  betTypes: readonly LotteryBetTypeInfo[];
  amountText: string;
  onAmountChange: (text: string) => void;
  onRemove: (line: SlipLine) => void;
  onClear: () => void;
  onPlace: () => void;
  isPlacing: boolean;
  isClosed: boolean;
  error: string | null;
  selectionLabel: (line: SlipLine) => string;
}

export type AmountProblem = 'INVALID' | 'BELOW_MIN' | 'ABOVE_MAX';

/** The stake per ticket against every bet type on the slip: each type has its own limits. */
export function checkStake(amountText: string, lines: readonly SlipLine[], betTypes: readonly LotteryBetTypeInfo[]): AmountProblem | null {
  const amount = parseAmount(amountText);
  if (amount === null || amount <= 0n) return 'INVALID';
  for (const line of lines) {
    const rule = betTypes.find((type) => type.betType === line.betType);
    if (!rule) continue;
    if (amount < toMinor(rule.minAmount)) return 'BELOW_MIN';
    if (amount > toMinor(rule.maxAmount)) return 'ABOVE_MAX';
  }
  return null;
}

/** Tickets picked so far, the stake per ticket, the total, and the place-bet button. */
export function BetSlip({
  lines,
  betTypes,
  amountText,
  onAmountChange,
  onRemove,
  onClear,
  onPlace,
  isPlacing,
  isClosed,
  error,
  selectionLabel,
}: BetSlipProps) {
  const { t } = useTranslation();
  const amount = parseAmount(amountText);
  const problem = lines.length > 0 ? checkStake(amountText, lines, betTypes) : null;
  const total = amount === null ? 0n : amount * BigInt(lines.length);
  const limits = betTypes.find((type) => type.betType === lines[0]?.betType);
  return (
    <section className={styles.slip} aria-labelledby="slip-heading">
      <div className={styles.slipHead}>
        <h2 id="slip-heading" className={styles.panelTitle}>
          {t('houseGames.slip.title', { number: lines.length })}
        </h2>
        {lines.length > 0 ? (
          <button type="button" className={styles.textButton} onClick={onClear}>
            {t('houseGames.slip.clear')}
          </button>
        ) : null}
      </div>
      {lines.length === 0 ? <p className={styles.muted}>{t('houseGames.slip.empty')}</p> : null}
      <ul className={styles.slipLines} data-testid="bet-slip">
        {lines.map((line) => {
          const rule = betTypes.find((type) => type.betType === line.betType);
          return (
            <li key={`${line.betType}:${line.selection}`}>
              <span>
                <strong>{selectionLabel(line)}</strong>
                <small className={styles.muted}>
                  {t(`houseGames.betTypes.${line.betType}`, { defaultValue: line.betType })} ·{' '}
                  {t('houseGames.lottery.odds', { odds: rule ? formatOdds(rule.odds) : '—' })}
                </small>
              </span>
              <button type="button" className={styles.textButton} aria-label={t('houseGames.slip.remove')} onClick={() => onRemove(line)}>
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <label className={styles.amountField}>
        <span>{t('houseGames.slip.amount')}</span>
        <input
          className={styles.input}
          inputMode="decimal"
          name="amount"
          value={amountText}
          aria-invalid={problem ? 'true' : 'false'}
          onChange={(event) => onAmountChange(normalizeAmountInput(event.target.value))}
        />
      </label>
      {limits ? (
        <p className={styles.muted}>
          {t('houseGames.slip.limits', { min: formatMoney(limits.minAmount), max: formatMoney(limits.maxAmount) })}
        </p>
      ) : null}
      {problem ? (
        <p className={styles.error} role="alert">
          {t(`houseGames.slip.problems.${problem}`)}
        </p>
      ) : null}
      <p className={styles.total}>
        <span>{t('houseGames.slip.total')}</span>
        <strong data-testid="slip-total">{formatMoney(total)}</strong>
      </p>
      <Button variant="gold" isBlock disabled={lines.length === 0 || problem !== null || isPlacing || isClosed} onClick={onPlace}>
        {isClosed ? t('houseGames.lottery.closed') : t('houseGames.slip.place')}
      </Button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
