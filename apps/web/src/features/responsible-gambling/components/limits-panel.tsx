import {
  RG_LIMIT_KINDS,
  RG_PERIODS,
  type RgLimit,
  type RgLimitKind,
  type RgOverviewValue,
  type RgPendingChange,
  type RgPeriod,
} from '@kismat/contracts/responsible-gambling';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/form-errors';
import { useFormatDateTime } from '@/lib/format-date';
import { useCancelChange } from '../api/cancel-change';
import { useConfirmChange } from '../api/confirm-change';
import { useRemoveLimit } from '../api/remove-limit';
import { useNow } from '../utils/use-now';
import { useRgFormat } from '../utils/use-rg-format';
import { LimitForm } from './limit-form';
import styles from './safer.module.css';

type Slot = `${RgLimitKind}:${RgPeriod}`;

function meterLevel(percent: number): 'ok' | 'high' | 'full' {
  return percent >= 100 ? 'full' : percent >= 80 ? 'high' : 'ok';
}

function PendingChange({ change, onMessage }: { change: RgPendingChange; onMessage: (text: string) => void }) {
  const { t } = useTranslation('safer');
  const format = useRgFormat();
  const formatWhen = useFormatDateTime();
  const now = useNow();
  const confirm = useConfirmChange();
  const cancel = useCancelChange();
  const effectiveMs = Date.parse(change.effectiveAt);
  const isDue = change.confirmable || now >= effectiveMs;
  const error = confirm.error ?? cancel.error;
  return (
    <div className={styles.pending} data-testid={`pending-${change.kind}-${change.period}`}>
      <p className={styles.pendingTitle}>
        {change.newValue === null
          ? t('limits.pendingRemove')
          : t('limits.pendingRaise', { value: format.value(change.unit, change.newValue) })}
      </p>
      <p>
        {t('limits.effectiveAt', { when: formatWhen(change.effectiveAt) })}
        {isDue ? null : <> · {t('limits.countdown', { time: format.timeLeft(effectiveMs, now) })}</>}
      </p>
      <div className={styles.actions}>
        {isDue ? (
          <Button
            size="small"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(change.changeId, { onSuccess: () => onMessage(t('limits.confirmed')) })}
          >
            {t('limits.confirm')}
          </Button>
        ) : null}
        <Button
          size="small"
          variant="outline"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(change.changeId, { onSuccess: () => onMessage(t('limits.cancelled')) })}
        >
          {t('limits.cancelPending')}
        </Button>
      </div>
      <FormError message={error ? errorMessage(error, t('loadFailed')) : null} />
    </div>
  );
}

interface RowProps {
  kind: RgLimitKind;
  period: RgPeriod;
  limit: RgLimit | undefined;
  pending: RgPendingChange | undefined;
  isEditing: boolean;
  onEdit: (isEditing: boolean) => void;
}

function LimitRow({ kind, period, limit, pending, isEditing, onEdit }: RowProps) {
  const { t } = useTranslation('safer');
  const format = useRgFormat();
  const formatWhen = useFormatDateTime();
  const remove = useRemoveLimit();
  const [message, setMessage] = useState<string | null>(null);
  /** Removing loosens: a second, explicit step before it is asked for. */
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false);
  // A message belongs to the last action; it leaves after a while.
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), 8000);
    return () => window.clearTimeout(timer);
  }, [message]);

  return (
    <li className={styles.row} data-testid={`limit-${kind}-${period}`}>
      <div className={styles.rowHead}>
        <span className={styles.period}>{t(`periods.${period}`)}</span>
        {limit ? (
          <span className={blocks.figure}>{format.value(limit.unit, limit.value)}</span>
        ) : (
          <span className={styles.none}>{t('limits.noLimit')}</span>
        )}
      </div>
      {limit ? (
        <>
          <div
            className={`${blocks.meter} ${styles.meter}`}
            data-level={meterLevel(limit.usedPercent)}
            // The usage is said in words just below; the bar is its picture.
            aria-hidden="true"
          >
            <span style={{ width: `${Math.min(100, limit.usedPercent)}%` }} />
          </div>
          <p className={styles.facts}>
            <span>{t('limits.usage', { used: format.value(limit.unit, limit.used), limit: format.value(limit.unit, limit.value) })}</span>
            <span>{t('limits.remaining', { remaining: format.value(limit.unit, limit.remaining) })}</span>
            <span>{limit.resetsAt ? t('limits.resetsAt', { when: formatWhen(limit.resetsAt) }) : t('limits.nothingUsed')}</span>
            {limit.setBy === 'OPERATOR' ? <span>{t('limits.setByOperator')}</span> : null}
          </p>
        </>
      ) : null}
      {pending ? <PendingChange change={pending} onMessage={setMessage} /> : null}
      {isEditing ? (
        <LimitForm
          kind={kind}
          period={period}
          current={limit?.value ?? null}
          onDone={(text) => {
            setMessage(text);
            onEdit(false);
          }}
          onCancel={() => onEdit(false)}
        />
      ) : (
        <div className={styles.actions}>
          <Button size="small" variant="outline" onClick={() => onEdit(true)}>
            {limit ? t('limits.change') : t('limits.set')}
          </Button>
          {limit && !pending && !isConfirmingRemove ? (
            <Button size="small" variant="ghost" onClick={() => setIsConfirmingRemove(true)}>
              {t('limits.remove')}
            </Button>
          ) : null}
        </div>
      )}
      {isConfirmingRemove && limit && !pending ? (
        <div className={styles.pending} data-testid={`remove-confirm-${kind}-${period}`}>
          <p>{t('limits.removeConfirm')}</p>
          <div className={styles.actions}>
            <Button
              size="small"
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { kind, period },
                  {
                    onSuccess: (answer) => {
                      setIsConfirmingRemove(false);
                      setMessage(t('limits.queued', { when: formatWhen(answer.effectiveAt) }));
                    },
                  },
                )
              }
            >
              {t('limits.remove')}
            </Button>
            <Button size="small" variant="ghost" onClick={() => setIsConfirmingRemove(false)}>
              {t('limits.cancelPending')}
            </Button>
          </div>
        </div>
      ) : null}
      {message ? (
        <p className={styles.status} role="status">
          {message}
        </p>
      ) : null}
      <FormError message={remove.error ? errorMessage(remove.error, t('loadFailed')) : null} />
    </li>
  );
}

/** Deposit, loss, wager and session time, each for 24 hours, 7 days and 1 month. */
export function LimitsPanel({ overview }: { overview: RgOverviewValue }) {
  const { t } = useTranslation('safer');
  const [editing, setEditing] = useState<Slot | null>(null);
  return (
    <div className={styles.grid}>
      {RG_LIMIT_KINDS.map((kind) => (
        <section key={kind} className={styles.card} aria-labelledby={`limit-kind-${kind}`} data-testid={`limit-kind-${kind}`}>
          <h3 id={`limit-kind-${kind}`} className={styles.cardTitle}>
            {t(`kinds.${kind}`)}
          </h3>
          <p className={styles.cardHint}>{t(`kindHints.${kind}`)}</p>
          <ul className={styles.rows}>
            {RG_PERIODS.map((period) => {
              const slot: Slot = `${kind}:${period}`;
              return (
                <LimitRow
                  key={period}
                  kind={kind}
                  period={period}
                  limit={overview.limits.find((item) => item.kind === kind && item.period === period)}
                  pending={overview.pending.find((item) => item.kind === kind && item.period === period)}
                  isEditing={editing === slot}
                  onEdit={(isEditing) => setEditing(isEditing ? slot : null)}
                />
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
