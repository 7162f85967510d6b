import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useSessionStore } from '@/stores/session-store';
import { type RedEnvelopeDrawResult, useDrawRedEnvelope } from '../api/draw-red-envelope';
import { useRedEnvelope } from '../api/get-red-envelope';
import { isValidClientSeed, newClientSeed } from '../utils/client-seed';
import { ErrorText } from './error-text';
import { FairnessFacts, verifyHref } from './fairness-facts';
import styles from './promotions.module.css';
import envelope from './red-envelope.module.css';
import { useFormatMoney } from './use-format-money';

/** The lucky red envelope: today's chances, the next draw's commitment, my client seed, the draw. */
export function RedEnvelopePanel({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation('promotions');
  // The seal shows the site's own currency (KSh on the Kenyan site), never a hard-coded taka sign.
  const currencySymbol = useSessionStore((state) => state.member?.currencySymbol ?? '');
  const format = useFormatMoney();
  const state = useRedEnvelope(promotionId);
  const draw = useDrawRedEnvelope();
  const [clientSeed, setClientSeed] = useState(newClientSeed);
  const [result, setResult] = useState<RedEnvelopeDrawResult | null>(null);
  const [isOpening, setIsOpening] = useState(false);
  const keyRef = useRef(newIdempotencyKey());
  if (state.isPending) return <Spinner label={t('loading')} />;
  if (!state.data) return <ErrorText error={state.error} />;
  const data = state.data;
  const isSeedValid = isValidClientSeed(clientSeed);
  const canDraw = data.chances.left > 0 && isSeedValid && !draw.isPending && !isOpening;

  const open = async () => {
    setResult(null);
    setIsOpening(true);
    try {
      const drawn = await draw.mutateAsync({ promotionId, clientSeed: clientSeed.trim(), idempotencyKey: keyRef.current });
      keyRef.current = newIdempotencyKey();
      // The envelope shakes a moment before it opens: the result is already fixed by the seeds.
      await new Promise((resolve) => window.setTimeout(resolve, 900));
      setResult(drawn);
      setClientSeed(newClientSeed());
    } finally {
      setIsOpening(false);
    }
  };

  return (
    <div className={`${blocks.column} ${styles.section}`} data-testid="red-envelope-panel">
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('envelope.chancesLeft')}</span>
          <span className={`${blocks.statValue} ${styles.statValue}`} data-testid="envelope-chances">
            {data.chances.left} / {data.chances.earned}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={`${blocks.statLabel} ${styles.statLabel}`}>{t('envelope.maxPrize')}</span>
          <span className={`${blocks.statValue} ${styles.statValue}`}>{format(data.maxPrize)}</span>
        </div>
      </div>
      <ul className={envelope.tiers} aria-label={t('envelope.tiers')}>
        {data.tiers.map((tier) => (
          <li key={`${tier.depositAtLeast}-${tier.validBetAtLeast}`} data-met={tier.isMet ? true : undefined}>
            <Icon name={tier.isMet ? 'check' : 'clock'} size={14} />
            {tier.depositAtLeast
              ? t('envelope.tierDeposit', { amount: format(tier.depositAtLeast), count: tier.chances })
              : t('envelope.tierBet', { amount: format(tier.validBetAtLeast ?? '0'), count: tier.chances })}
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('envelope.today', { deposit: format(data.tally.deposit), bet: format(data.tally.validBet) })}</p>
      <div className={envelope.stage} data-state={isOpening ? 'opening' : result ? 'open' : 'closed'} aria-live="polite">
        <div className={envelope.envelope} aria-hidden="true">
          <span className={envelope.flap} />
          <span className={envelope.seal}>{currencySymbol}</span>
        </div>
        {result ? (
          <p className={envelope.prize} data-testid="envelope-prize">
            <span>{result.isStockOut ? t('envelope.wonStockOut') : t('envelope.won')}</span>
            <strong>{format(result.amount)}</strong>
          </p>
        ) : null}
      </div>
      <dl className={`${blocks.facts} ${styles.facts}`}>
        <div>
          <dt>{t('fair.commitment')}</dt>
          <dd className={styles.mono} data-testid="envelope-commitment">
            {data.commitment}
          </dd>
        </div>
      </dl>
      <TextField
        label={t('fair.clientSeed')}
        value={clientSeed}
        onChange={(event) => setClientSeed(event.target.value)}
        error={isSeedValid ? undefined : t('fair.clientSeedInvalid')}
        hint={t('fair.clientSeedHint')}
        maxLength={64}
      />
      <Button isBlock size="large" onClick={() => void open().catch(() => undefined)} disabled={!canDraw} aria-busy={draw.isPending}>
        {isOpening ? <Spinner size={16} label={t('envelope.opening')} /> : <Icon name="gift" size={18} />}
        {data.chances.left > 0 ? t('envelope.open') : t('envelope.noChances')}
      </Button>
      <ErrorText error={draw.error} />
      {result ? (
        <section className={`${blocks.column} ${styles.card}`} aria-labelledby="envelope-fair-title" data-testid="envelope-fairness">
          <h3 id="envelope-fair-title" className={styles.cardTitle}>
            {t('fair.title')}
          </h3>
          <FairnessFacts draw={result} />
          <p className={styles.muted}>{t('fair.nextCommitment', { hash: result.nextCommitment })}</p>
          <Link to={verifyHref(result.id)} className={styles.backLink} data-testid="envelope-verify-link">
            <Icon name="shield" size={14} />
            {t('fair.verify')}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
