import type { RedEnvelopeDraw } from '@kismat/contracts/promotion-kinds';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { FactList } from '@/components/ui/fact-list';
import { paths } from '@/config/paths';
import styles from './promotions.module.css';

export function verifyHref(drawId: number): string {
  return `${paths.promotions.getHref()}?verify=${drawId}`;
}

/** The inputs of a draw anyone can recompute: commitment, revealed seed, client seed, nonce, roll. */
export function FairnessFacts({ draw }: { draw: RedEnvelopeDraw }) {
  const { t } = useTranslation('promotions');
  return (
    <FactList
      className={`${blocks.facts} ${styles.facts}`}
      facts={[
        { label: t('fair.commitment'), value: draw.commitment, valueClassName: styles.mono },
        { label: t('fair.serverSeed'), value: draw.serverSeed, valueClassName: styles.mono, valueTestId: 'fair-server-seed' },
        { label: t('fair.clientSeed'), value: draw.clientSeed, valueClassName: styles.mono },
        { label: t('fair.nonce'), value: draw.nonce },
        { label: t('fair.roll'), value: t('fair.rollOf', { roll: draw.roll, total: draw.totalWeight }) },
      ]}
    />
  );
}
