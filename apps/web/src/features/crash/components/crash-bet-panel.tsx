import { type CrashFeedBet, multiplierText } from '@kismat/contracts/crash';
import { formatAmount } from '@kismat/contracts/wallet';
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format-money';
import { amountField, amountTextToMinor, moneyFormResolver } from '@/lib/money-form';
import type { LocalPhase } from '../utils/crash-clock';
import styles from './crash.module.css';

const STAKE_PRESETS = ['10', '50', '100', '500'] as const;
const AUTO_PRESETS = ['1.50', '2.00', '5.00', '10.00'] as const;

export interface CrashBetValues {
  stakeMinor: bigint;
  autoCashOut: string | null;
}

interface CrashBetPanelProps {
  phase: LocalPhase;
  myBet: CrashFeedBet | null;
  limits: { minStake: string; maxStake: string; minAutoCashOut: string; maxAutoCashOut: string };
  isBusy: boolean;
  onBet: (values: CrashBetValues) => void;
  onCashOut: () => void;
  /** The cash-out button's live amount, written every frame by the curve (no React render). */
  payoutRef: (element: HTMLSpanElement | null) => void;
}

/**
 * The bet slip: stake with presets, an optional auto cash-out with presets, one big button that
 * bets in the window and turns into the cash-out button while the member's bet rides the curve.
 * A react-hook-form money form: the stake is read by the contract's amount parser, never Number().
 */
export function CrashBetPanel({ phase, myBet, limits, isBusy, onBet, onCashOut, payoutRef }: CrashBetPanelProps) {
  const { t } = useTranslation();
  const minAuto = Number(limits.minAutoCashOut);
  const maxAuto = Number(limits.maxAutoCashOut);
  const schema = z.object({
    stake: amountField({
      min: limits.minStake,
      max: limits.maxStake,
      message: t('crash.stakeInvalid', { min: limits.minStake, max: limits.maxStake }),
    }),
    autoCashOut: z
      .string()
      .transform((text) => text.trim())
      .refine(
        (text) =>
          text === '' || (multiplierText.safeParse(Number(text).toFixed(2)).success && Number(text) >= minAuto && Number(text) <= maxAuto),
      ),
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: moneyFormResolver(schema, {
      autoCashOut: t('crash.autoInvalid', { min: limits.minAutoCashOut, max: limits.maxAutoCashOut }),
    }),
    defaultValues: { stake: '10.00', autoCashOut: '' },
    mode: 'onChange',
  });
  const stakeText = form.watch('stake');
  const stakeMinor = amountTextToMinor(stakeText);
  const setStake = (minor: bigint) => form.setValue('stake', formatAmount(minor), { shouldValidate: true });
  const submit = form.handleSubmit((values) =>
    onBet({ stakeMinor: values.stake, autoCashOut: values.autoCashOut === '' ? null : Number(values.autoCashOut).toFixed(2) }),
  );
  const isLocked = myBet !== null || isBusy;
  const errors = form.formState.errors;

  let action: ReactElement;
  if (myBet?.status === 'OPEN' && phase === 'RUNNING') {
    action = (
      <Button variant="gold" size="large" className={styles.cashOut} disabled={isBusy} onClick={onCashOut} data-testid="crash-cash-out">
        <span>{t('crash.cashOut')}</span>
        <span ref={payoutRef} className={styles.livePayout} />
      </Button>
    );
  } else if (myBet?.status === 'OPEN') {
    action = (
      <Button variant="gold" size="large" className={styles.play} disabled data-testid="crash-waiting">
        {phase === 'CRASHED' ? t('crash.lost') : t('crash.betPlaced')}
      </Button>
    );
  } else if (myBet?.status === 'CASHED') {
    action = (
      <p className={styles.cashedNote} data-testid="crash-cashed">
        {t('crash.cashedOut', { multiplier: myBet.cashOut ?? '', amount: formatMoney(myBet.payout) })}
      </p>
    );
  } else if (myBet?.status === 'LOST') {
    action = (
      <p className={styles.lostNote} data-testid="crash-lost">
        {t('crash.lostStake', { amount: formatMoney(myBet.stake) })}
      </p>
    );
  } else {
    action = (
      <Button
        type="submit"
        variant="gold"
        size="large"
        className={styles.play}
        disabled={phase !== 'BETTING' || isBusy}
        data-testid="crash-bet"
      >
        {phase === 'BETTING' ? t('crash.placeBet', { amount: formatMoney(stakeMinor ?? 0n) }) : t('crash.waitNext')}
      </Button>
    );
  }

  return (
    <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate>
      <label className={styles.field}>
        <span className={styles.label}>{t('crash.stake')}</span>
        <span className={styles.inputRow}>
          <input
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            disabled={isLocked}
            data-testid="crash-stake"
            {...form.register('stake')}
          />
          <button
            type="button"
            className={styles.preset}
            disabled={isLocked || stakeMinor === null}
            onClick={() => setStake((stakeMinor ?? 0n) / 2n)}
          >
            ½
          </button>
          <button
            type="button"
            className={styles.preset}
            disabled={isLocked || stakeMinor === null}
            onClick={() => setStake((stakeMinor ?? 0n) * 2n)}
          >
            2×
          </button>
        </span>
      </label>
      <fieldset className={styles.presets} aria-label={t('crash.stakePresets')}>
        {STAKE_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.chipButton}
            disabled={isLocked}
            onClick={() => setStake(BigInt(preset) * 100n)}
          >
            {preset}
          </button>
        ))}
      </fieldset>
      {errors.stake ? (
        <p className={styles.error} role="alert">
          {errors.stake.message}
        </p>
      ) : null}
      <label className={styles.field}>
        <span className={styles.label}>{t('crash.autoCashOut')}</span>
        <input
          className={styles.input}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('crash.autoPlaceholder')}
          disabled={isLocked}
          data-testid="crash-auto"
          {...form.register('autoCashOut')}
        />
      </label>
      <fieldset className={styles.presets} aria-label={t('crash.autoPresets')}>
        {AUTO_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.chipButton}
            disabled={isLocked}
            onClick={() => form.setValue('autoCashOut', preset, { shouldValidate: true })}
          >
            {preset}×
          </button>
        ))}
      </fieldset>
      {errors.autoCashOut ? (
        <p className={styles.error} role="alert">
          {errors.autoCashOut.message}
        </p>
      ) : null}
      {action}
    </form>
  );
}
