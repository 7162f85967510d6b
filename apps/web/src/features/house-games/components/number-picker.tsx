import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toLatinDigits } from '@/lib/digits';
import type { LotteryKind } from '../utils/house-games-types';
import { checkSelection } from '../utils/lottery-selection';
import styles from './lottery.module.css';

interface NumberPickerProps {
  kind: LotteryKind;
  betType: string;
  /** Selections of this bet type already on the slip. */
  picked: ReadonlySet<string>;
  onToggle: (selection: string) => void;
}

const POSITIONS = ['1', '2', '3', '4', '5'];
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));

function optionsOf(betType: string): readonly string[] {
  if (betType.endsWith('SIZE')) return ['BIG', 'SMALL'];
  if (betType.endsWith('PARITY')) return ['ODD', 'EVEN'];
  return DIGITS;
}

/** Picks selections for one bet type; each picked selection becomes one ticket on the slip. */
export function NumberPicker({ kind, betType, picked, onToggle }: NumberPickerProps) {
  const { t } = useTranslation();
  const [position, setPosition] = useState('1');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const choice = (selection: string, label: string) => (
    <button
      key={selection}
      type="button"
      className={styles.ball}
      aria-pressed={picked.has(selection)}
      onClick={() => {
        const check = checkSelection(kind, betType, selection);
        if (check.ok) onToggle(check.selection);
      }}
    >
      {label}
    </button>
  );

  if (kind === 'ELOTT') {
    if (betType === 'SUM_SIZE' || betType === 'SUM_PARITY') {
      return (
        <fieldset className={styles.balls} aria-label={t(`houseGames.betTypes.${betType}`, { defaultValue: betType })}>
          {optionsOf(betType).map((option) => choice(option, t(`houseGames.options.${option}`, { defaultValue: option })))}
        </fieldset>
      );
    }
    const options = optionsOf(betType);
    return (
      <div className={styles.picker}>
        <fieldset className={styles.positions} aria-label={t('houseGames.lottery.position')}>
          {POSITIONS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={position === value}
              className={styles.positionChip}
              onClick={() => setPosition(value)}
            >
              {t('houseGames.lottery.positionN', { position: value })}
            </button>
          ))}
        </fieldset>
        <fieldset className={styles.balls} aria-label={t(`houseGames.betTypes.${betType}`, { defaultValue: betType })}>
          {options.map((option) =>
            choice(`${position}-${option}`, options === DIGITS ? option : t(`houseGames.options.${option}`, { defaultValue: option })),
          )}
        </fieldset>
      </div>
    );
  }

  if (betType === 'THREE_TOP') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const check = checkSelection(kind, betType, typed);
      if (!check.ok) {
        setProblem(t(`houseGames.selectionProblems.${check.problem}`, { length: 3 }));
        return;
      }
      setProblem(null);
      setTyped('');
      if (!picked.has(check.selection)) onToggle(check.selection);
    };
    return (
      <form className={styles.typed} onSubmit={submit}>
        <label htmlFor="three-digits">{t('houseGames.lottery.typeNumber', { length: 3 })}</label>
        <div className={styles.typedRow}>
          <input
            id="three-digits"
            className={styles.input}
            inputMode="numeric"
            maxLength={3}
            value={typed}
            aria-invalid={problem ? 'true' : 'false'}
            onChange={(event) => setTyped(toLatinDigits(event.target.value))}
          />
          <Button type="submit" variant="outline" size="small">
            {t('houseGames.lottery.add')}
          </Button>
        </div>
        {problem ? (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    );
  }

  return (
    <fieldset className={`${styles.balls} ${styles.grid100}`} aria-label={t(`houseGames.betTypes.${betType}`, { defaultValue: betType })}>
      {TWO_DIGITS.map((number) => choice(number, number))}
    </fieldset>
  );
}
