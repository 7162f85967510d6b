import type { MallItem } from '@kismat/contracts/points';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import blocks from '@/components/ui/blocks.module.css';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { QueryState } from '@/components/ui/query-state';
import { usePointRewards } from '../api/get-point-rewards';
import styles from './points.module.css';
import { RedeemDialog } from './redeem-dialog';

/** The rewards to redeem: a card per item with its image, points and stock. */
export function RewardsGrid({ balance }: { balance: number }) {
  const { t } = useTranslation('loyalty');
  const rewards = usePointRewards();
  const [chosen, setChosen] = useState<MallItem | null>(null);
  // An image that does not load leaves a gift tile, never a broken-image icon.
  const [brokenImages, setBrokenImages] = useState<ReadonlySet<number>>(new Set());
  const list = rewards.data?.list ?? [];
  return (
    <QueryState query={rewards} errorTitle={t('mall.loadFailed')} isEmpty={list.length === 0} emptyTitle={t('mall.empty')} emptyIcon="gift">
      <ul className={`${blocks.autoGrid} ${styles.grid}`} data-testid="mall-items">
        {list.map((item) => {
          const isSoldOut = item.stock === 0;
          const isLimitReached = item.remainingForMember === 0;
          const isShort = balance < item.points;
          return (
            <li key={item.id} className={styles.card} data-testid="mall-item">
              {brokenImages.has(item.id) ? (
                <span className={styles.cardImageFallback} aria-hidden="true">
                  <Icon name="gift" size={48} />
                </span>
              ) : (
                <img
                  className={styles.cardImage}
                  src={item.imageUrl}
                  alt=""
                  loading="lazy"
                  width={400}
                  height={300}
                  onError={() => setBrokenImages((current) => new Set(current).add(item.id))}
                />
              )}
              <div className={styles.cardBody}>
                <h3 className={styles.cardTitle}>{item.name}</h3>
                <span className={blocks.figure}>{t('mall.pointsCost', { points: item.points.toLocaleString('en-US') })}</span>
                <p className={styles.muted}>
                  {isSoldOut ? t('mall.soldOut') : t('mall.stock', { count: item.stock })}
                  {item.perMemberLimit !== null ? ` · ${t('mall.limit', { count: item.perMemberLimit })}` : ''}
                </p>
                <Button
                  size="small"
                  isBlock
                  disabled={isSoldOut || isLimitReached || isShort}
                  onClick={() => setChosen(item)}
                  data-testid="mall-redeem"
                >
                  {isLimitReached ? t('mall.limitReached') : isShort && !isSoldOut ? t('mall.notEnough') : t('mall.redeem')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <RedeemDialog item={chosen} balance={balance} onClose={() => setChosen(null)} />
    </QueryState>
  );
}
