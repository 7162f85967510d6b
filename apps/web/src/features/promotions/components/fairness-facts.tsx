import type { RedEnvelopeDraw } from '@kismat/contracts/promotion-kinds';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { paths } from '@/config/paths';
import styles from './promotions.module.css';

export function verifyHref(drawId: number): string {
  return `${paths.promotions.getHref()}?verify=${drawId}`;
}

/** The inputs of a draw anyone can recompute: commitment, revealed seed, client seed, nonce, roll. */
export function FairnessFacts({ draw }: { draw: RedEnvelopeDraw }) {
  const { t } = useTranslation('promotions');
  return (
    <dl className={`${blocks.facts} ${styles.facts}`}>
      <div>
        <dt>{t('fair.commitment')}</dt>
        <dd className={styles.mono}>{draw.commitment}</dd>
      </div>
      <div>
        <dt>{t('fair.serverSeed')}</dt>
        <dd className={styles.mono} data-testid="fair-server-seed">
          {draw.serverSeed}
        </dd>
      </div>
      <div>
        <dt>{t('fair.clientSeed')}</dt>
        <dd className={styles.mono}>{draw.clientSeed}</dd>
      </div>
      <div>
        <dt>{t('fair.nonce')}</dt>
        <dd>{draw.nonce}</dd>
      </div>
      <div>
        <dt>{t('fair.roll')}</dt>
        <dd>{t('fair.rollOf', { roll: draw.roll, total: draw.totalWeight })}</dd>
      </div>
    </dl>
  );
}
