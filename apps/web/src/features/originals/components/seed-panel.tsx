import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { GamePanel } from '@/components/ui/game-panel';
import { useRotateServerSeed } from '../api/rotate-server-seed';
import type { FairnessState } from '../utils/originals-types';
import { createClientSeed } from '../utils/stake';
import styles from './originals.module.css';

/**
 * The seed pair the rounds are played on (the slots' pair): the committed hash, the client seed,
 * the next nonce. Rotating reveals the seed in use, so its rounds can be verified, and activates
 * the next one (committed before) with a client seed from this browser. Refused while a mines
 * round is open (its mines would be revealed).
 */
export function SeedPanel({ fairness, isLocked }: { fairness: FairnessState; isLocked: boolean }) {
  const { t } = useTranslation();
  const rotate = useRotateServerSeed();
  return (
    <GamePanel id="seed-panel" title={t('originals.fair.title')} classes={styles}>
      <dl className={styles.facts}>
        <dt>{t('originals.fair.commitment')}</dt>
        <dd data-testid="commitment">{fairness.commitment}</dd>
        <dt>{t('originals.fair.clientSeed')}</dt>
        <dd>{fairness.clientSeed}</dd>
        <dt>{t('originals.fair.nextNonce')}</dt>
        <dd>{fairness.nextNonce}</dd>
      </dl>
      <Button
        variant="outline"
        disabled={isLocked || rotate.isPending}
        onClick={() => rotate.mutate(createClientSeed())}
        data-testid="rotate-seed"
      >
        {t('originals.fair.rotate')}
      </Button>
      {rotate.data ? (
        <p className={styles.muted} data-testid="revealed-seed">
          {t('originals.fair.revealed', { seed: rotate.data.revealed.serverSeed })}
        </p>
      ) : null}
      {rotate.error ? (
        <p className={styles.error} role="alert">
          {rotate.error.message}
        </p>
      ) : null}
      <Link className={styles.link} to="/bgs/verify?mode=original">
        {t('originals.fair.verifyLink')}
      </Link>
    </GamePanel>
  );
}
